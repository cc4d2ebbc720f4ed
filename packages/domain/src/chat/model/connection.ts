/**
 * The live connection to a chat's event stream as a state machine: pure (`transition(state, event)` answers
 * the next state and the effects to run), so every path is unit-tested (connection.test.ts) and the client
 * (ChatClient) only runs effects.
 *
 *   idle ─start→ connecting ─ready→ live
 *   connecting|live ─dropped→ waiting (back-off: 0.5-1 s, 1-2 s, 2-4 s … at most 15-30 s) ─timer→ connecting
 *   any ─restart→ waiting (the server's retry hint, a little jitter: a restart is not a failure)
 *   any ─expired→ connecting with a new token
 *   any ─offline→ offline (still probing with back-off: the browser's word is a hint, not proof) ─online→ connecting (at once; also from waiting)
 *   any ─ended|left|revoked|fatal token failure|stop→ closed
 *
 * A connection that failed before the stream was ready fetches a new chat token first (EventSource cannot
 * tell a refused token from a network failure; the token call can: 403/404 close for good).
 */

export type ConnectionStatus = 'idle' | 'connecting' | 'live' | 'waiting' | 'offline' | 'closed';

/** Why a connection closed for good. */
export type ClosedReason =
  /** The chat ended. */
  | 'ended'
  /** I left it, or was handed over, or may no longer follow it. */
  | 'left'
  /** My chat tokens were revoked (signed out elsewhere). */
  | 'revoked'
  /** The chat does not exist for me (any more). */
  | 'notFound'
  /** My session ended. */
  | 'unauthenticated'
  /** The client was stopped (nobody looks at this chat). */
  | 'stopped';

export interface ConnectionState {
  status: ConnectionStatus;
  /** Failures in a row (the back-off's exponent). */
  attempt: number;
  /** While waiting: how long until the next attempt (ms). */
  retryInMs: number | null;
  /** Fetch a new chat token before opening the stream. */
  needsToken: boolean;
  /** Whether the stream was ready at least once (the view says "reconnecting" rather than "connecting"). */
  wasLive: boolean;
  /** The browser said it is offline and has not said online since (nor has a stream been ready since). */
  networkDown: boolean;
  reason: ClosedReason | null;
}

export type ConnectionEvent =
  | { type: 'start' }
  | { type: 'tokenReady' }
  | { type: 'tokenFailed'; fatal: ClosedReason | null }
  | { type: 'ready' }
  | { type: 'dropped' }
  | { type: 'restart'; retryMs?: number | undefined }
  | { type: 'expired' }
  | { type: 'timer' }
  | { type: 'offline' }
  | { type: 'online' }
  | { type: 'closedByServer'; reason: 'ended' | 'left' | 'revoked' }
  | { type: 'retryNow' }
  | { type: 'stop' };

export type ConnectionEffect =
  | { type: 'fetchToken' }
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'schedule'; ms: number }
  | { type: 'cancelTimer' };

export const initialConnection: ConnectionState = {
  status: 'idle',
  attempt: 0,
  retryInMs: null,
  needsToken: true,
  wasLive: false,
  networkDown: false,
  reason: null,
};

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 30_000;
/** Without a hint, how long a restarting server asks clients to wait (its SSE `retry:` default). */
export const RESTART_DEFAULT_MS = 3000;
/** Spread of the reconnections after a restart, so they do not all arrive at once. */
export const RESTART_JITTER_MS = 2000;

/**
 * The wait before attempt `attempt + 1`: "equal jitter" exponential back-off, between half and all of
 * min(cap, base · 2^attempt).
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(attempt, 30)));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export interface Transition {
  state: ConnectionState;
  effects: ConnectionEffect[];
}

const same = (state: ConnectionState): Transition => ({ state, effects: [] });

/** Open now: with a new token first when needed. */
const connect = (state: ConnectionState): Transition => ({
  state: { ...state, status: 'connecting', retryInMs: null },
  effects: [state.needsToken ? { type: 'fetchToken' } : { type: 'open' }],
});

/** Closes the stream and tries again after `ms` (shown as offline while the browser says so). */
const wait = (state: ConnectionState, ms: number, attempt: number, needsToken: boolean): Transition => ({
  state: { ...state, status: state.networkDown ? 'offline' : 'waiting', attempt, retryInMs: ms, needsToken },
  effects: [{ type: 'close' }, { type: 'cancelTimer' }, { type: 'schedule', ms }],
});

const close = (state: ConnectionState, reason: ClosedReason): Transition => ({
  state: { ...state, status: 'closed', retryInMs: null, reason },
  effects: [{ type: 'close' }, { type: 'cancelTimer' }],
});

export function transition(
  state: ConnectionState,
  event: ConnectionEvent,
  random: () => number = Math.random,
): Transition {
  const { status } = state;
  if (status === 'closed' && event.type !== 'start') return same(state);
  switch (event.type) {
    case 'start':
      if (status !== 'idle' && status !== 'closed') return same(state);
      return connect({ ...initialConnection, wasLive: state.wasLive });
    case 'tokenReady':
      if (status !== 'connecting') return same(state);
      return { state: { ...state, needsToken: false }, effects: [{ type: 'open' }] };
    case 'tokenFailed':
      if (status !== 'connecting') return same(state);
      if (event.fatal) return close(state, event.fatal);
      return wait(state, backoffDelay(state.attempt, random), state.attempt + 1, true);
    case 'ready':
      if (status !== 'connecting' && status !== 'live') return same(state);
      return {
        state: { ...state, status: 'live', attempt: 0, retryInMs: null, wasLive: true, networkDown: false },
        effects: [],
      };
    case 'dropped':
      if (status !== 'connecting' && status !== 'live') return same(state);
      // Dropped before the stream was ready: perhaps the token (expired, revoked): ask for a new one.
      return wait(
        state,
        backoffDelay(state.attempt, random),
        state.attempt + 1,
        state.needsToken || status === 'connecting',
      );
    case 'restart': {
      if (status !== 'connecting' && status !== 'live') return same(state);
      const hint =
        event.retryMs !== undefined && Number.isFinite(event.retryMs) && event.retryMs >= 0
          ? Math.min(event.retryMs, BACKOFF_CAP_MS)
          : RESTART_DEFAULT_MS;
      return wait(state, Math.round(hint + random() * RESTART_JITTER_MS), 0, state.needsToken);
    }
    case 'expired':
      if (status === 'idle' || status === 'offline')
        return same(status === 'offline' ? { ...state, needsToken: true } : state);
      return {
        state: { ...state, status: 'connecting', needsToken: true, retryInMs: null },
        effects: [{ type: 'close' }, { type: 'cancelTimer' }, { type: 'fetchToken' }],
      };
    case 'timer':
      if (status !== 'waiting' && status !== 'offline') return same(state);
      return connect(state);
    case 'retryNow':
      if (status !== 'waiting' && status !== 'offline') return same(state);
      return {
        ...connect({ ...state, attempt: 0 }),
        effects: [{ type: 'cancelTimer' }, ...connect(state).effects],
      };
    case 'offline':
      if (status === 'offline' || status === 'idle') return same(state);
      return wait(
        { ...state, networkDown: true },
        backoffDelay(state.attempt, random),
        state.attempt + 1,
        state.needsToken,
      );
    case 'online': {
      // Back online: at once, whether it was offline or waiting out a back-off.
      const up = { ...state, networkDown: false, attempt: 0 };
      if (status === 'waiting' || status === 'offline')
        return { ...connect(up), effects: [{ type: 'cancelTimer' }, ...connect(up).effects] };
      return state.networkDown ? same(up) : same(state);
    }
    case 'closedByServer':
      return close(state, event.reason);
    case 'stop':
      return close(state, 'stopped');
  }
}
