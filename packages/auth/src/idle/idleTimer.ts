/**
 * Inactivity and session-length timers, independent of React and the DOM (timers and clock injectable).
 *
 * - After `timeoutMs - warningMs` without activity: onWarn(deadline). During the warning, activity does not
 *   count: only stayActive() (the dialog's "Stay signed in") keeps the session.
 * - At `timeoutMs` without activity: onTimeout('idle').
 * - At `sessionStart + maxSessionMs`, whatever happens: onTimeout('expired').
 */
export interface IdleTimerOptions {
  timeoutMs: number;
  /** How long before the timeout the warning shows; capped at half the timeout. Default 60 s. */
  warningMs?: number;
  /** Absolute session limit from sessionStart; default 12 hours. */
  maxSessionMs?: number;
  sessionStart: number;
  onWarn: (deadline: number) => void;
  onTimeout: (reason: 'idle' | 'expired') => void;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export const DEFAULT_WARNING_MS = 60_000;
export const MAX_SESSION_MS = 12 * 60 * 60_000;
/** The apps' idle timeouts. */
export const IDLE_TIMEOUTS = { patient: 30 * 60_000, therapist: 15 * 60_000, admin: 15 * 60_000 } as const;

export interface IdleTimer {
  /** User activity: restarts the countdown unless the warning is showing. */
  activity(): void;
  /** "Stay signed in": hides the warning and restarts the countdown. */
  stayActive(): void;
  isWarning(): boolean;
  stop(): void;
}

export function createIdleTimer(options: IdleTimerOptions): IdleTimer {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const warningMs = Math.min(options.warningMs ?? DEFAULT_WARNING_MS, Math.floor(options.timeoutMs / 2));
  const sessionEnd = options.sessionStart + (options.maxSessionMs ?? MAX_SESSION_MS);
  let warnHandle: unknown;
  let idleHandle: unknown;
  let sessionHandle: unknown;
  let warning = false;
  let stopped = false;

  const finish = (reason: 'idle' | 'expired') => {
    if (stopped) return;
    stop();
    options.onTimeout(reason);
  };

  const schedule = () => {
    clearTimer(warnHandle);
    clearTimer(idleHandle);
    warning = false;
    const deadline = now() + options.timeoutMs;
    warnHandle = setTimer(() => {
      if (stopped) return;
      warning = true;
      options.onWarn(deadline);
    }, options.timeoutMs - warningMs);
    idleHandle = setTimer(() => finish('idle'), options.timeoutMs);
  };

  function stop() {
    stopped = true;
    clearTimer(warnHandle);
    clearTimer(idleHandle);
    clearTimer(sessionHandle);
  }

  const remaining = sessionEnd - now();
  if (remaining <= 0) {
    // Scheduled, not called: the owner finishes setting up before being told.
    sessionHandle = setTimer(() => finish('expired'), 0);
  } else {
    // Timers cannot exceed 2^31-1 ms; 12 hours is far below.
    sessionHandle = setTimer(() => finish('expired'), remaining);
    schedule();
  }

  return {
    activity() {
      if (!stopped && !warning) schedule();
    },
    stayActive() {
      if (!stopped) schedule();
    },
    isWarning: () => warning,
    stop,
  };
}

/** The DOM events that count as activity. */
export const ACTIVITY_EVENTS = [
  'pointerdown',
  'keydown',
  'wheel',
  'touchstart',
  'scroll',
  'mousemove',
] as const;

/** Listens for activity on `target` (throttled to once per `throttleMs`); returns the unsubscribe. */
export function listenForActivity(
  target: EventTarget,
  onActivity: () => void,
  throttleMs = 1000,
  now = Date.now,
) {
  let last = 0;
  const handler = () => {
    const t = now();
    if (t - last < throttleMs) return;
    last = t;
    onActivity();
  };
  for (const event of ACTIVITY_EVENTS)
    target.addEventListener(event, handler, { passive: true, capture: true });
  return () => {
    for (const event of ACTIVITY_EVENTS) target.removeEventListener(event, handler, { capture: true });
  };
}

export const IDLE_OVERRIDE_PARAM = 'idleTimeoutMs';
const IDLE_OVERRIDE_KEY = 'tend.idleTimeoutMs';

/**
 * The idle timeout in effect: a test-only override (outside production), else the runtime config's
 * idleTimeoutMs, else the app's default. The override is the `?idleTimeoutMs=` query parameter of any page
 * load, kept in sessionStorage for the rest of the tab's life (so it survives the sign-in redirects);
 * `?idleTimeoutMs=` with an empty value clears it. Production builds ignore both.
 */
export function resolveIdleTimeout(options: {
  env: 'development' | 'production' | 'test';
  configured: number | undefined;
  fallback: number;
  search?: string;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
}): number {
  const base = options.configured ?? options.fallback;
  if (options.env === 'production') return base;
  const storage = options.storage;
  const param = new URLSearchParams(options.search ?? '').get(IDLE_OVERRIDE_PARAM);
  try {
    if (param !== null) {
      if (param === '') storage?.removeItem(IDLE_OVERRIDE_KEY);
      else if (/^\d{3,9}$/.test(param)) storage?.setItem(IDLE_OVERRIDE_KEY, param);
    }
    const raw =
      (param !== null && /^\d{3,9}$/.test(param) ? param : null) ?? storage?.getItem(IDLE_OVERRIDE_KEY);
    if (raw && /^\d{3,9}$/.test(raw)) return Number(raw);
  } catch {
    // sessionStorage unavailable (privacy mode): no override
  }
  return base;
}
