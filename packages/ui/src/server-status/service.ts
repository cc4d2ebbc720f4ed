import {
  parseServerStatus,
  toServerStatus,
  ONLINE,
  type ServerStatus,
  type ServerStatusData,
} from './status.ts';

export const STATUS_POLL_INTERVAL_MS = 60000;
export const STATUS_POLL_RETRIES = 3;
/** The portals' sign-in page (spec section 2): where the guards and the end of a maintenance window send people. */
export const LOGIN_PATH = '/authentication/login';
export const STATUS_POLL_FAILED = 'Server status poll failed';

export interface ServerStatusServiceOptions {
  /** `{statusHost}/server-status.json?t=<timestamp>` is polled. */
  statusHost: string;
  /** When true the status is always online and nothing is polled. */
  maintenanceBypass?: boolean;
  intervalMs?: number;
  /** Retries after a failed request, per poll (so retries + 1 requests at most). */
  retries?: number;
  /** Pause before each retry. */
  retryDelayMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  /** Where going offline → not going offline sends the browser; null: nowhere (e.g. the public site). */
  redirectPath?: string | null;
  /** Default `window.location.assign`. */
  navigate?: (path: string) => void;
  /**
   * Whether this device has a connection (default: deviceOnline()). Without one nothing is asked: a request
   * that cannot leave the device says nothing about the server, and is no failure to report.
   */
  isOnline?: () => boolean;
}

type Listener<T> = (value: T) => void;

/**
 * Whether the browser said this device lost its connection: false from its `offline` event until its `online`
 * event. Not `navigator.onLine` at start: a machine with no network route (a test sandbox, a device on a local
 * network only) reports false while the service answers on its own network.
 */
let online = true;
if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => {
    online = false;
  });
  window.addEventListener('online', () => {
    online = true;
  });
}
export const deviceOnline = (): boolean => online;

/**
 * Polls the status file every 60000 ms from start, 3 retries per poll. Listeners hear only changes of
 * state (online, going offline, offline); going offline → anything else redirects to the login page.
 * A poll that fails after its retries is logged and told to the error listeners; the state stays.
 */
export class ServerStatusService {
  private status: ServerStatus = ONLINE;
  private data: ServerStatusData | undefined;
  private lastError: unknown;
  private readonly listeners = new Set<Listener<ServerStatus>>();
  private readonly errorListeners = new Set<Listener<unknown>>();
  private readonly recoveryListeners = new Set<() => void>();
  private interval: ReturnType<typeof setInterval> | undefined;
  private offlineTimer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<void> | undefined;
  private starts = 0;
  private generation = 0;
  private readonly options: Required<
    Omit<ServerStatusServiceOptions, 'fetch' | 'navigate' | 'now' | 'isOnline'>
  > & {
    fetch: typeof fetch;
    navigate: (path: string) => void;
    now: () => number;
    isOnline: () => boolean;
  };

  constructor(options: ServerStatusServiceOptions) {
    this.options = {
      maintenanceBypass: false,
      intervalMs: STATUS_POLL_INTERVAL_MS,
      retries: STATUS_POLL_RETRIES,
      retryDelayMs: 1000,
      redirectPath: LOGIN_PATH,
      ...options,
      statusHost: options.statusHost.replace(/\/+$/, ''),
      fetch: options.fetch ?? ((...args) => fetch(...args)),
      navigate: options.navigate ?? ((path) => window.location.assign(path)),
      now: options.now ?? (() => Date.now()),
      isOnline: options.isOnline ?? deviceOnline,
    };
  }

  getStatus = (): ServerStatus => this.status;

  /** The error of the last poll, or undefined when it succeeded. */
  getLastError = (): unknown => this.lastError;

  /** Told when the state changes; returns the unsubscribe function. */
  subscribe = (listener: Listener<ServerStatus>): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Told when a poll fails after its retries. */
  subscribeErrors = (listener: Listener<unknown>): (() => void) => {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  };

  /** Told when a poll succeeds after one that failed. */
  subscribeRecoveries = (listener: () => void): (() => void) => {
    this.recoveryListeners.add(listener);
    return () => this.recoveryListeners.delete(listener);
  };

  /** True while the last poll failed (after its retries). */
  hasFailed = (): boolean => this.lastError !== undefined;

  /** Starts polling at once, then every intervalMs. Counted: polling stops after as many stop() calls. */
  start(): void {
    this.starts++;
    if (this.starts > 1 || this.options.maintenanceBypass) return;
    void this.poll();
    this.interval = setInterval(() => void this.poll(), this.options.intervalMs);
  }

  stop(): void {
    if (this.starts === 0) return;
    this.starts--;
    if (this.starts > 0) return;
    clearInterval(this.interval);
    clearTimeout(this.offlineTimer);
    this.interval = undefined;
    this.offlineTimer = undefined;
    this.inFlight = undefined;
    this.generation++;
  }

  /** One poll with its retries (a poll already under way is shared). */
  poll(): Promise<void> {
    if (this.options.maintenanceBypass || !this.options.isOnline()) return Promise.resolve();
    if (!this.inFlight) {
      const pending: Promise<void> = this.pollWithRetries().finally(() => {
        if (this.inFlight === pending) this.inFlight = undefined;
      });
      this.inFlight = pending;
    }
    return this.inFlight;
  }

  private async pollWithRetries(): Promise<void> {
    const generation = this.generation;
    let error: unknown;
    for (let attempt = 0; attempt <= this.options.retries; attempt++) {
      if (attempt > 0 && this.options.retryDelayMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, this.options.retryDelayMs));
      }
      if (generation !== this.generation) return;
      try {
        const data = await this.fetchStatus();
        if (generation !== this.generation) return;
        const recovered = this.lastError !== undefined;
        this.lastError = undefined;
        this.data = data;
        this.evaluate();
        if (recovered) for (const listener of [...this.recoveryListeners]) listener();
        return;
      } catch (e) {
        error = e;
      }
    }
    if (generation !== this.generation) return;
    this.lastError = error;
    console.error(STATUS_POLL_FAILED, error);
    for (const listener of [...this.errorListeners]) listener(error);
  }

  private async fetchStatus(): Promise<ServerStatusData> {
    const url = `${this.options.statusHost}/server-status.json?t=${this.options.now()}`;
    const response = await this.options.fetch(url, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`server-status.json: HTTP ${response.status}`);
    return parseServerStatus(await response.json());
  }

  /** Recomputes the state from the last data and the clock; tells listeners if it changed. */
  private evaluate(): void {
    const now = this.options.now();
    const next = toServerStatus(this.data, now);
    clearTimeout(this.offlineTimer);
    this.offlineTimer = undefined;
    if (next.state === 'goingOffline' && next.offlineTime !== null) {
      // Offline as soon as offlineTime passes, not at the next poll.
      this.offlineTimer = setTimeout(() => this.evaluate(), Math.max(0, next.offlineTime - now) + 1);
    }
    const previous = this.status;
    this.status = next;
    if (previous.state === next.state) return;
    for (const listener of [...this.listeners]) listener(next);
    if (previous.state === 'goingOffline' && this.options.redirectPath) {
      this.options.navigate(this.options.redirectPath);
    }
  }
}

export function createServerStatusService(options: ServerStatusServiceOptions): ServerStatusService {
  return new ServerStatusService(options);
}
