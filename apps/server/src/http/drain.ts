// Draining (SIGTERM, SIGINT): the server goes away without a reset connection or a stray 5xx.
//
//   1. It stops accepting connections: only the listening socket is closed. (http.Server#close would also
//      drop every idle keep-alive connection at once, racing the next request a client is sending on it:
//      that is a reset connection on the client's side.)
//   2. Every event stream gets a last `event: restart` with a reconnection delay, then ends (onDrain).
//   3. Requests already in flight finish normally; their answers carry `Connection: close`.
//   4. A request that arrives after the signal (on a kept-alive connection) is answered 503 `unavailable`
//      with `Retry-After` and `Connection: close`: the server reports itself not ready.
//   5. Idle keep-alive connections get a short grace to send that last request, then are closed; after the
//      deadline whatever is left is cut, and the app closes (onClose hooks: bus, database users).
import { Server } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface DrainOptions {
  /** Longest wait for requests in flight (ms). */
  timeoutMs?: number;
  /** How long idle keep-alive connections may still send a request before they are closed (ms). */
  idleGraceMs?: number;
}

/** Seconds a client is asked to wait (Retry-After) before trying again, at another instance. */
export const DRAIN_RETRY_AFTER_SECONDS = 2;

interface DrainState {
  draining: boolean;
  inFlight: number;
  callbacks: Array<() => void>;
  done?: Promise<void>;
}

const states = new WeakMap<FastifyInstance, DrainState>();

function stateOf(app: FastifyInstance): DrainState {
  let state = states.get(app);
  if (!state) states.set(app, (state = { draining: false, inFlight: 0, callbacks: [] }));
  return state;
}

/** Installs the hooks draining needs (buildApp, before any route). */
export function installDrain(app: FastifyInstance): void {
  const state = stateOf(app);
  app.server.on('request', (_req, res) => {
    state.inFlight++;
    res.once('close', () => state.inFlight--);
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!state.draining) return;
    reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', String(DRAIN_RETRY_AFTER_SECONDS))
      .type('application/json; charset=utf-8')
      .send({
        code: 'unavailable',
        message: 'The server is restarting. Please try again in a moment.',
        details: { retryAfter: DRAIN_RETRY_AFTER_SECONDS },
      });
    return reply;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (state.draining) reply.header('connection', 'close');
  });
}

/** Runs `callback` when draining starts (event streams send their last event and end). */
export function onDrain(app: FastifyInstance, callback: () => void): void {
  stateOf(app).callbacks.push(callback);
}

export function isDraining(app: FastifyInstance): boolean {
  return stateOf(app).draining;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function connections(app: FastifyInstance): Promise<number> {
  return new Promise((resolve) => app.server.getConnections((error, count) => resolve(error ? 0 : count)));
}

/** Drains the server as described above, then closes the app. Safe to call more than once. */
export function drain(app: FastifyInstance, options: DrainOptions = {}): Promise<void> {
  const state = stateOf(app);
  state.done ??= (async () => {
    const deadline = Date.now() + (options.timeoutMs ?? 8_000);
    const graceMs = options.idleGraceMs ?? 1_000;
    state.draining = true;
    if (app.server.listening) Server.prototype.close.call(app.server);
    for (const callback of state.callbacks) {
      try {
        callback();
      } catch (error) {
        app.log.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'drain callback failed',
        );
      }
    }
    while (state.inFlight > 0 && Date.now() < deadline) await sleep(20);
    // Kept-alive connections: a client may still be sending one more request on one (answered 503 and
    // closed); once each was told to close, or the grace is over, the idle ones are closed.
    const graceEnd = Math.min(deadline, Date.now() + graceMs);
    while (Date.now() < graceEnd && (await connections(app)) > 0) await sleep(20);
    app.server.closeIdleConnections();
    while (state.inFlight > 0 && Date.now() < deadline) await sleep(20);
    app.server.closeAllConnections();
    await app.close();
  })();
  return state.done;
}
