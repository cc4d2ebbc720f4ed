import { describe, expect, it } from 'vitest';
import {
  BACKOFF_CAP_MS,
  RESTART_DEFAULT_MS,
  RESTART_JITTER_MS,
  backoffDelay,
  initialConnection,
  transition,
  type ConnectionEvent,
  type ConnectionState,
  type ConnectionStatus,
} from './connection.ts';

const at = (status: ConnectionStatus, extra: Partial<ConnectionState> = {}): ConnectionState => ({
  ...initialConnection,
  status,
  ...extra,
});
const half = () => 0.5;

const EVENTS: Record<string, ConnectionEvent> = {
  start: { type: 'start' },
  tokenReady: { type: 'tokenReady' },
  tokenRetry: { type: 'tokenFailed', fatal: null },
  tokenFatal: { type: 'tokenFailed', fatal: 'notFound' },
  ready: { type: 'ready' },
  dropped: { type: 'dropped' },
  restart: { type: 'restart', retryMs: 1000 },
  expired: { type: 'expired' },
  timer: { type: 'timer' },
  offline: { type: 'offline' },
  online: { type: 'online' },
  ended: { type: 'closedByServer', reason: 'ended' },
  retryNow: { type: 'retryNow' },
  stop: { type: 'stop' },
};

/** A row of the table below: every event leaves `status` as it is, except those listed. */
const stays = (
  status: ConnectionStatus,
  changes: Partial<Record<keyof typeof EVENTS, ConnectionStatus>>,
): Record<keyof typeof EVENTS, ConnectionStatus> =>
  Object.fromEntries(Object.keys(EVENTS).map((name) => [name, changes[name] ?? status]));

// The next status for every status and event: the whole table, so no path is left untested.
const NEXT: Record<ConnectionStatus, Record<keyof typeof EVENTS, ConnectionStatus>> = {
  idle: stays('idle', { start: 'connecting', ended: 'closed', stop: 'closed' }),
  connecting: stays('connecting', {
    tokenRetry: 'waiting',
    tokenFatal: 'closed',
    ready: 'live',
    dropped: 'waiting',
    restart: 'waiting',
    offline: 'offline',
    ended: 'closed',
    stop: 'closed',
  }),
  live: stays('live', {
    dropped: 'waiting',
    restart: 'waiting',
    expired: 'connecting',
    offline: 'offline',
    ended: 'closed',
    stop: 'closed',
  }),
  waiting: stays('waiting', {
    expired: 'connecting',
    timer: 'connecting',
    offline: 'offline',
    online: 'connecting',
    ended: 'closed',
    retryNow: 'connecting',
    stop: 'closed',
  }),
  offline: stays('offline', {
    timer: 'connecting',
    online: 'connecting',
    ended: 'closed',
    retryNow: 'connecting',
    stop: 'closed',
  }),
  closed: stays('closed', { start: 'connecting' }),
};

describe('the connection state machine', () => {
  for (const [status, row] of Object.entries(NEXT) as Array<
    [ConnectionStatus, Record<string, ConnectionStatus>]
  >) {
    for (const [name, next] of Object.entries(row)) {
      it(`${status} + ${name} → ${next}`, () => {
        const before = at(status, { reason: status === 'closed' ? 'stopped' : null });
        const { state, effects } = transition(before, EVENTS[name]!, half);
        expect(state.status).toBe(next);
        // A transition that changes nothing has nothing to do.
        if (state === before) expect(effects).toEqual([]);
        // Leaving for waiting, offline or closed always closes the stream and the pending timer.
        if (next !== status && (next === 'waiting' || next === 'offline' || next === 'closed')) {
          expect(effects).toEqual(expect.arrayContaining([{ type: 'close' }, { type: 'cancelTimer' }]));
        }
        if ((next === 'waiting' || next === 'offline') && next !== status && status !== 'waiting')
          expect(effects.filter((e) => e.type === 'schedule')).toHaveLength(1);
      });
    }
  }

  it('starts by fetching a token, then opens the stream, and is live once ready', () => {
    let t = transition(initialConnection, { type: 'start' });
    expect(t.effects).toEqual([{ type: 'fetchToken' }]);
    t = transition(t.state, { type: 'tokenReady' });
    expect(t.state.needsToken).toBe(false);
    expect(t.effects).toEqual([{ type: 'open' }]);
    t = transition(t.state, { type: 'ready' });
    expect(t.state).toMatchObject({ status: 'live', attempt: 0, wasLive: true });
  });

  it('backs off exponentially after drops of a live stream, keeping the token, and resets once ready', () => {
    let state = at('live', { needsToken: false, wasLive: true });
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const dropped = transition(state, { type: 'dropped' }, () => 1);
      waits.push(dropped.state.retryInMs!);
      expect(dropped.effects).toContainEqual({ type: 'schedule', ms: dropped.state.retryInMs });
      const timer = transition(dropped.state, { type: 'timer' });
      // Dropped from a live stream: the token still holds, so the next attempt opens the stream at once.
      state = { ...timer.state, status: 'live' };
      if (i === 0) expect(timer.effects).toEqual([{ type: 'open' }]);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(state.attempt).toBe(7);
    const ready = transition({ ...state, status: 'connecting' }, { type: 'ready' });
    expect(ready.state.attempt).toBe(0);
  });

  it('asks for a new token after a failure before the stream was ready (a refused token looks like a drop)', () => {
    const dropped = transition(at('connecting', { needsToken: false }), { type: 'dropped' }, half);
    expect(dropped.state.needsToken).toBe(true);
    expect(transition(dropped.state, { type: 'timer' }).effects).toEqual([{ type: 'fetchToken' }]);
  });

  it('closes for good when the token call says the chat is gone, and retries when the call failed otherwise', () => {
    const fatal = transition(at('connecting'), { type: 'tokenFailed', fatal: 'left' });
    expect(fatal.state).toMatchObject({ status: 'closed', reason: 'left' });
    const retry = transition(at('connecting', { attempt: 2 }), { type: 'tokenFailed', fatal: null }, () => 0);
    expect(retry.state).toMatchObject({ status: 'waiting', attempt: 3, retryInMs: 2000, needsToken: true });
  });

  it('treats a restart as a reconnection after the server’s hint, not as a failure', () => {
    const live = at('live', { attempt: 0, needsToken: false });
    const restart = transition(live, { type: 'restart', retryMs: 1500 }, () => 0.5);
    expect(restart.state).toMatchObject({
      status: 'waiting',
      attempt: 0,
      retryInMs: 1500 + RESTART_JITTER_MS / 2,
    });
    const noHint = transition(live, { type: 'restart' }, () => 0);
    expect(noHint.state.retryInMs).toBe(RESTART_DEFAULT_MS);
    const huge = transition(live, { type: 'restart', retryMs: 10 ** 9 }, () => 0);
    expect(huge.state.retryInMs).toBe(BACKOFF_CAP_MS);
    const bad = transition(live, { type: 'restart', retryMs: -5 }, () => 0);
    expect(bad.state.retryInMs).toBe(RESTART_DEFAULT_MS);
    // The next attempt keeps the token it had.
    expect(transition(restart.state, { type: 'timer' }).effects).toEqual([{ type: 'open' }]);
  });

  it('fetches a new token at once when the token expired', () => {
    const t = transition(at('live', { needsToken: false }), { type: 'expired' });
    expect(t.state).toMatchObject({ status: 'connecting', needsToken: true });
    expect(t.effects).toEqual([{ type: 'close' }, { type: 'cancelTimer' }, { type: 'fetchToken' }]);
    // Offline meanwhile: remembered for when the network is back.
    const offline = transition(at('offline', { needsToken: false, networkDown: true }), { type: 'expired' });
    expect(offline.state.needsToken).toBe(true);
    expect(transition(offline.state, { type: 'online' }).effects).toEqual([
      { type: 'cancelTimer' },
      { type: 'fetchToken' },
    ]);
  });

  it('offline: closes, shows offline while it keeps probing with back-off, and reconnects at once when the network is back', () => {
    const offline = transition(
      at('waiting', { attempt: 4, needsToken: false }),
      { type: 'offline' },
      () => 0,
    );
    expect(offline.state).toMatchObject({
      status: 'offline',
      networkDown: true,
      attempt: 5,
      retryInMs: 8000,
    });
    expect(offline.effects).toEqual([
      { type: 'close' },
      { type: 'cancelTimer' },
      { type: 'schedule', ms: 8000 },
    ]);
    // The browser's word is a hint: a probe still goes out, and a failed one stays "offline".
    const probe = transition(offline.state, { type: 'timer' });
    expect(probe.state.status).toBe('connecting');
    expect(transition(probe.state, { type: 'dropped' }, () => 0).state).toMatchObject({
      status: 'offline',
      attempt: 6,
    });
    // A probe that gets through: live, and the network is evidently up.
    expect(transition(probe.state, { type: 'ready' }).state).toMatchObject({
      status: 'live',
      networkDown: false,
    });
    const online = transition(offline.state, { type: 'online' });
    expect(online.state).toMatchObject({ status: 'connecting', attempt: 0, networkDown: false });
    expect(online.effects).toEqual([{ type: 'cancelTimer' }, { type: 'open' }]);
    // Online while waiting out a back-off: now, not later.
    const early = transition(at('waiting', { attempt: 3, needsToken: false }), { type: 'online' });
    expect(early.state).toMatchObject({ status: 'connecting', attempt: 0 });
    expect(early.effects).toEqual([{ type: 'cancelTimer' }, { type: 'open' }]);
    // Online while live (a spurious offline event was followed by a ready stream): nothing to do.
    expect(transition(at('live'), { type: 'online' }).effects).toEqual([]);
  });

  it('retries now on request (the view’s "Try again")', () => {
    const t = transition(at('waiting', { attempt: 5, needsToken: true }), { type: 'retryNow' });
    expect(t.state).toMatchObject({ status: 'connecting', attempt: 0 });
    expect(t.effects).toEqual([{ type: 'cancelTimer' }, { type: 'fetchToken' }]);
  });

  it('closes when the server says the chat ended, I left, or my tokens were revoked; a new start begins afresh', () => {
    for (const reason of ['ended', 'left', 'revoked'] as const) {
      const t = transition(at('live'), { type: 'closedByServer', reason });
      expect(t.state).toMatchObject({ status: 'closed', reason });
    }
    const again = transition(at('closed', { reason: 'stopped', attempt: 3, wasLive: true }), {
      type: 'start',
    });
    expect(again.state).toMatchObject({
      status: 'connecting',
      attempt: 0,
      needsToken: true,
      wasLive: true,
      reason: null,
    });
  });

  it('spreads back-off between half and all of the ceiling', () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 0)).toBe(4000);
    expect(backoffDelay(50, () => 1)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelay(-1, () => 1)).toBe(1000);
    for (let i = 0; i < 100; i++) {
      const d = backoffDelay(2);
      expect(d).toBeGreaterThanOrEqual(2000);
      expect(d).toBeLessThanOrEqual(4000);
    }
  });
});
