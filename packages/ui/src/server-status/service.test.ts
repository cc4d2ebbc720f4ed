import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerStatusService, type ServerStatusServiceOptions } from './service.ts';
import { computeServerState, parseServerStatus, toServerStatus, type ServerStatusData } from './status.ts';

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const HOST = 'https://status.example';

const online: ServerStatusData = {
  goingOffline: false,
  offlineTime: null,
  pendingReason: null,
  activeReason: null,
};
const goingOffline = (inMs: number): ServerStatusData => ({
  goingOffline: true,
  offlineTime: Date.now() + inMs,
  pendingReason: 'Upgrade',
  activeReason: null,
});
const offline: ServerStatusData = {
  goingOffline: true,
  offlineTime: T0 - 1000,
  pendingReason: null,
  activeReason: 'Upgrade',
};

/** A status host whose answers the test sets; each response is JSON unless it is an Error or a number (HTTP status). */
function statusHost() {
  let answer: ServerStatusData | Error | number = online;
  const fetch = vi.fn(async (_url: string | URL | Request) => {
    const a = answer;
    if (a instanceof Error) throw a;
    if (typeof a === 'number') return new Response('', { status: a });
    return new Response(JSON.stringify(a), { status: 200 });
  });
  return {
    fetch,
    set: (next: ServerStatusData | Error | number) => {
      answer = next;
    },
  };
}

function setup(overrides: Partial<ServerStatusServiceOptions> = {}) {
  const host = statusHost();
  const navigate = vi.fn();
  const service = new ServerStatusService({
    statusHost: `${HOST}/`,
    fetch: host.fetch as unknown as typeof fetch,
    navigate,
    ...overrides,
  });
  const listener = vi.fn();
  const errors = vi.fn();
  service.subscribe(listener);
  service.subscribeErrors(errors);
  return { host, navigate, service, listener, errors };
}

/** Lets a poll (fetch, JSON) settle without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** A started service whose first poll, answered `status`, has settled. */
async function startedAt(
  status: ServerStatusData | Error | number,
  overrides: Partial<ServerStatusServiceOptions> = {},
) {
  const started = setup(overrides);
  started.host.set(status);
  started.service.start();
  await settle();
  return started;
}

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('computeServerState (spec section 4)', () => {
  it('is online when not going offline, going offline while offlineTime is ahead, offline once it passed', () => {
    expect(computeServerState(online, T0)).toBe('online');
    expect(computeServerState({ ...online, goingOffline: true, offlineTime: T0 + 1 }, T0)).toBe(
      'goingOffline',
    );
    expect(computeServerState({ ...online, goingOffline: true, offlineTime: T0 }, T0)).toBe('offline');
    expect(computeServerState({ ...online, goingOffline: true, offlineTime: T0 - 1 }, T0)).toBe('offline');
  });

  it('counts going offline as still online', () => {
    const s = toServerStatus({ ...online, goingOffline: true, offlineTime: T0 + 5 }, T0);
    expect(s).toMatchObject({ state: 'goingOffline', online: true, goingOffline: true, offline: false });
    expect(toServerStatus(offline, T0)).toMatchObject({
      online: false,
      offline: true,
      activeReason: 'Upgrade',
    });
  });

  it('validates the file', () => {
    expect(parseServerStatus({ goingOffline: false })).toEqual(online);
    expect(() => parseServerStatus(null)).toThrow();
    expect(() => parseServerStatus({ goingOffline: 'yes' })).toThrow(/goingOffline/);
    expect(() => parseServerStatus({ goingOffline: true })).toThrow(/offlineTime/);
    expect(() => parseServerStatus({ goingOffline: false, offlineTime: 'soon' })).toThrow(/offlineTime/);
    expect(() => parseServerStatus({ goingOffline: false, pendingReason: 3 })).toThrow(/reasons/);
  });
});

describe('ServerStatusService', () => {
  it('polls {statusHost}/server-status.json?t=<timestamp> at once and then every 60000 ms', async () => {
    const { host, service } = setup();
    service.start();
    expect(host.fetch).toHaveBeenCalledTimes(1);
    expect(host.fetch.mock.calls[0]![0]).toBe(`${HOST}/server-status.json?t=${T0}`);
    await vi.advanceTimersByTimeAsync(59999);
    expect(host.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(host.fetch).toHaveBeenCalledTimes(2);
    expect(host.fetch.mock.calls[1]![0]).toBe(`${HOST}/server-status.json?t=${T0 + 60000}`);
    await vi.advanceTimersByTimeAsync(120000);
    expect(host.fetch).toHaveBeenCalledTimes(4);
    service.stop();
    await vi.advanceTimersByTimeAsync(600000);
    expect(host.fetch).toHaveBeenCalledTimes(4);
  });

  it('tells listeners nothing while the state stays online', async () => {
    const { service, listener } = setup();
    service.start();
    await vi.advanceTimersByTimeAsync(180000);
    expect(listener).not.toHaveBeenCalled();
    expect(service.getStatus().state).toBe('online');
    service.stop();
  });

  it('online → going offline: told once, however many polls repeat it; no redirect', async () => {
    const { service, listener, navigate } = await startedAt(goingOffline(10 * 60000));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]![0]).toMatchObject({
      state: 'goingOffline',
      online: true,
      pendingReason: 'Upgrade',
    });
    await vi.advanceTimersByTimeAsync(120000);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
    service.stop();
  });

  it('going offline → offline as soon as offlineTime passes, then redirects to /authentication/login', async () => {
    const { service, listener, navigate } = await startedAt(goingOffline(90000));
    expect(service.getStatus().state).toBe('goingOffline');
    await vi.advanceTimersByTimeAsync(89000);
    expect(service.getStatus().state).toBe('goingOffline');
    await vi.advanceTimersByTimeAsync(1001);
    expect(service.getStatus().state).toBe('offline');
    expect(listener).toHaveBeenCalledTimes(2);
    expect(listener.mock.calls[1]![0]).toMatchObject({ state: 'offline', online: false });
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/authentication/login');
    // later polls of the same file change nothing
    await vi.advanceTimersByTimeAsync(120000);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(navigate).toHaveBeenCalledTimes(1);
    service.stop();
  });

  it('going offline → online (maintenance called off) redirects to /authentication/login', async () => {
    const { host, service, listener, navigate } = await startedAt(goingOffline(30 * 60000));
    host.set(online);
    await vi.advanceTimersByTimeAsync(60000);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(listener.mock.calls[1]![0]).toMatchObject({ state: 'online' });
    expect(navigate).toHaveBeenCalledWith('/authentication/login');
    service.stop();
  });

  it('online → offline and offline → online are told without a redirect', async () => {
    const { host, service, listener, navigate } = await startedAt(offline);
    expect(listener).toHaveBeenLastCalledWith(expect.objectContaining({ state: 'offline' }));
    host.set(online);
    await vi.advanceTimersByTimeAsync(60000);
    expect(listener).toHaveBeenLastCalledWith(expect.objectContaining({ state: 'online' }));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(navigate).not.toHaveBeenCalled();
    service.stop();
  });

  it('offline → going offline (a new window announced) is told', async () => {
    const { host, service, listener } = await startedAt(offline);
    host.set(goingOffline(60 * 60000));
    await vi.advanceTimersByTimeAsync(60000);
    expect(listener.mock.calls.map((c) => (c[0] as { state: string }).state)).toEqual([
      'offline',
      'goingOffline',
    ]);
    service.stop();
  });

  it('does not redirect when redirectPath is null', async () => {
    const { service, navigate } = await startedAt(goingOffline(1000), { redirectPath: null });
    await vi.advanceTimersByTimeAsync(2000);
    expect(service.getStatus().state).toBe('offline');
    expect(navigate).not.toHaveBeenCalled();
    service.stop();
  });

  it('retries a failed request 3 times within the poll', async () => {
    const { host, service, listener, errors } = setup();
    let calls = 0;
    host.fetch.mockImplementation(async () => {
      calls++;
      if (calls <= 3) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(offline), { status: 200 });
    });
    service.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(host.fetch).toHaveBeenCalledTimes(4);
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ state: 'offline' }));
    expect(errors).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    service.stop();
  });

  it('a poll failing after its 3 retries is logged and told to error listeners; the state stays', async () => {
    const { host, service, listener, errors } = setup();
    host.set(500);
    service.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(host.fetch).toHaveBeenCalledTimes(4);
    expect(consoleError).toHaveBeenCalledWith('Server status poll failed', expect.any(Error));
    expect(errors).toHaveBeenCalledTimes(1);
    expect(service.getLastError()).toBeInstanceOf(Error);
    expect(listener).not.toHaveBeenCalled();
    expect(service.getStatus().state).toBe('online');
    // the next poll succeeds: the error is cleared
    host.set(online);
    await vi.advanceTimersByTimeAsync(60000);
    expect(service.getLastError()).toBeUndefined();
    expect(errors).toHaveBeenCalledTimes(1);
    service.stop();
  });

  it('treats a malformed file as a failed poll', async () => {
    const { host, service, errors } = setup({ retries: 0 });
    host.fetch.mockImplementation(async () => new Response('{"goingOffline":"maybe"}', { status: 200 }));
    service.start();
    await settle();
    expect(errors).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringMatching(/goingOffline/) }),
    );
    service.stop();
  });

  it('with the maintenance bypass reports online and never polls', async () => {
    const { host, service, listener } = setup({ maintenanceBypass: true });
    host.set(offline);
    service.start();
    await service.poll();
    await vi.advanceTimersByTimeAsync(300000);
    expect(host.fetch).not.toHaveBeenCalled();
    expect(service.getStatus()).toMatchObject({ state: 'online', online: true });
    expect(listener).not.toHaveBeenCalled();
    service.stop();
  });

  it('counts starts: polling continues until every start is stopped', async () => {
    const { host, service } = setup();
    service.start();
    service.start();
    expect(host.fetch).toHaveBeenCalledTimes(1);
    service.stop();
    await vi.advanceTimersByTimeAsync(60000);
    expect(host.fetch).toHaveBeenCalledTimes(2);
    service.stop();
    service.stop();
    await vi.advanceTimersByTimeAsync(60000);
    expect(host.fetch).toHaveBeenCalledTimes(2);
  });

  it('drops the answer of a poll that returns after stop', async () => {
    const { host, service, listener } = setup();
    let release!: (r: Response) => void;
    host.fetch.mockImplementation(() => new Promise<Response>((resolve) => (release = resolve)));
    service.start();
    service.stop();
    release(new Response(JSON.stringify(offline), { status: 200 }));
    await settle();
    expect(listener).not.toHaveBeenCalled();
    expect(service.getStatus().state).toBe('online');
  });

  it('unsubscribed listeners hear nothing', async () => {
    const { host, service } = setup();
    const other = vi.fn();
    const unsubscribe = service.subscribe(other);
    unsubscribe();
    host.set(offline);
    service.start();
    await settle();
    expect(other).not.toHaveBeenCalled();
    service.stop();
  });
});
