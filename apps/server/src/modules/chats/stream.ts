// The live chat stream: GET /chats/{chatSessionId}/stream?token=<chat token>, server-sent events.
// Not a contract operation (EventSource cannot send headers, so the chat token rides in the query and is
// masked in logs). Registered by this module's `register` hook (MODULES.md). See ./README.md.
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import type { AppDeps } from '../../http/types.ts';
import { onDrain } from '../../http/drain.ts';
import type { ChatEvent, ChatListener } from '../../realtime/bus.ts';
import { SseStream } from '../../realtime/sse.ts';
import {
  loadSession,
  messageByKey,
  messageView,
  messagesOf,
  namesOf,
  participantOf,
  sessionView,
  type SessionRow,
} from './service.ts';
import { registerChatFixtures } from './dev-fixtures.ts';
import { invalidToken, tokenRevoked, verifyChatToken } from './tokens.ts';

export const STREAM_PATH = '/chats/:chatSessionId/stream';
const HEARTBEAT_MS = 25_000;
/** The reconnection delay a `restart` event asks for: this much, plus up to RESTART_JITTER_MS at random. */
export const RESTART_RETRY_MS = 1_000;
const RESTART_JITTER_MS = 2_000;

interface Subscriber {
  userId: string;
  jti: string;
  sessionId: string;
  sse: SseStream;
  close(): void;
}

/** Whether the user may (still) follow the session: its patient, or a participant who has not left. */
async function mayFollow(deps: AppDeps, session: SessionRow, userId: string): Promise<boolean> {
  if (session.status === 'ended') return false;
  if (session.patient_id === userId) return true;
  const participant = await participantOf(deps.db, session.id, userId);
  return Boolean(participant && participant.left_at === null);
}

/** This process's open streams, fed by the chat bus. */
export class StreamHub {
  readonly #bySession = new Map<string, Set<Subscriber>>();
  #queue: Promise<void> = Promise.resolve();
  #closing = false;
  readonly #unsubscribe: () => void;

  constructor(
    private readonly deps: AppDeps,
    readonly listener: ChatListener,
    private readonly log: FastifyInstance['log'],
  ) {
    // The listener's connection dropped, so events may be lost: close the streams; browsers reconnect with
    // Last-Event-ID and get what they missed.
    listener.onDrop(() => {
      this.log.warn({ streams: this.size }, 'chat listener dropped: closing streams so clients catch up');
      for (const set of [...this.#bySession.values()]) for (const s of [...set]) s.close();
    });
    // One event at a time, in arrival order: a message is sent before its edit.
    this.#unsubscribe = listener.subscribe((event) => {
      this.#queue = this.#queue
        .then(() => this.#dispatch(event))
        .catch((error: unknown) => {
          this.log.warn(
            { err: error instanceof Error ? error.message : String(error) },
            'chat event not delivered',
          );
        });
    });
  }

  get size(): number {
    let n = 0;
    for (const set of this.#bySession.values()) n += set.size;
    return n;
  }

  add(subscriber: Subscriber): void {
    let set = this.#bySession.get(subscriber.sessionId);
    if (!set) this.#bySession.set(subscriber.sessionId, (set = new Set()));
    set.add(subscriber);
  }

  remove(subscriber: Subscriber): void {
    const set = this.#bySession.get(subscriber.sessionId);
    if (!set) return;
    set.delete(subscriber);
    if (set.size === 0) this.#bySession.delete(subscriber.sessionId);
  }

  /**
   * Closes every stream. With `restart` (the server is going away) each stream first gets a last
   * `event: restart` with a reconnection delay (spread over a few seconds, so the clients do not all come
   * back at once): a client treats it as "reconnect", not as an error.
   */
  closeAll(reason?: 'restart'): void {
    this.#closing = true;
    for (const set of [...this.#bySession.values()]) {
      for (const s of [...set]) {
        if (reason === 'restart') {
          const retryMs = RESTART_RETRY_MS + Math.floor(Math.random() * RESTART_JITTER_MS);
          s.sse.retry(retryMs);
          s.sse.event('restart', { reason: 'server_restart', retryMs });
        }
        s.close();
      }
    }
    this.#unsubscribe();
  }

  /** Whether the hub stopped taking streams (the server is draining or closing). */
  get closing(): boolean {
    return this.#closing;
  }

  async #dispatch(event: ChatEvent): Promise<void> {
    if (event.t === 'sessions' || event.t === 'user' || event.t === 'account') return;
    const db = this.deps.db;
    if (event.t === 'revoked') {
      for (const set of this.#bySession.values()) {
        for (const s of [...set]) {
          if (s.userId !== event.u) continue;
          if (await tokenRevoked(db, s.jti)) {
            s.sse.event('revoked', { reason: 'token_revoked' });
            s.close();
          }
        }
      }
      return;
    }
    const set = this.#bySession.get(event.s);
    if (!set || set.size === 0) return;
    switch (event.t) {
      case 'message':
      case 'edited': {
        const row = await messageByKey(db, event.s, event.k);
        if (!row) return;
        const view = messageView(row, await namesOf(db, [row.sender_id]));
        const id = String(new Date(row.edited_at ?? row.created_at).getTime());
        for (const s of set) s.sse.event(event.t === 'message' ? 'message' : 'message-edited', view, id);
        return;
      }
      case 'read':
        for (const s of set)
          s.sse.event('read', { chatSessionId: event.s, userId: event.u, readAt: event.at });
        return;
      case 'session': {
        const session = await loadSession(db, event.s);
        if (!session) {
          for (const s of [...set]) s.close();
          return;
        }
        const view = await sessionView(db, session);
        for (const s of [...set]) {
          s.sse.event('session', view);
          if (!(await mayFollow(this.deps, session, s.userId))) {
            s.sse.event('ended', { chatSessionId: session.id, status: view.status });
            s.close();
          }
        }
        return;
      }
    }
  }
}

/** The Last-Event-ID (epoch milliseconds) a reconnecting client sends, or the `lastEventId` query. */
function lastEventId(request: FastifyRequest): Date | null {
  const header = request.headers['last-event-id'];
  const query = (request.query as Record<string, unknown>).lastEventId;
  const raw = typeof header === 'string' ? header : typeof query === 'string' ? query : undefined;
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  return new Date(Number(raw));
}

async function openStream(
  hub: StreamHub,
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { chatSessionId } = request.params as { chatSessionId: string };
  const token = (request.query as Record<string, unknown>).token;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(chatSessionId))
    throw new HttpError(400, 'invalid_request', 'The chat session id is malformed.', {
      fields: { chatSessionId: 'is malformed' },
    });
  if (typeof token !== 'string' || token.length === 0 || token.length > 4096)
    throw invalidToken('Send the chat token as ?token=.');
  const claims = await verifyChatToken(deps.db, deps.config, token);
  if (claims.sessionId !== chatSessionId)
    throw new HttpError(403, 'forbidden', 'This chat token is for another chat.');
  const session = await loadSession(deps.db, chatSessionId);
  if (!session) throw new HttpError(404, 'not_found', 'There is no such chat.');
  if (session.status === 'ended') throw new HttpError(409, 'chat_ended', 'This chat has ended.');
  if (!(await mayFollow(deps, session, claims.userId)))
    throw new HttpError(403, 'forbidden', 'You no longer take part in this chat.');
  if (hub.closing)
    throw new HttpError(
      503,
      'unavailable',
      'The server is restarting: connect again in a moment.',
      { retryAfter: 2 },
      { 'retry-after': '2' },
    );
  try {
    await hub.listener.ready();
  } catch {
    throw new HttpError(503, 'unavailable', 'Live chat is unavailable for a moment: please try again.');
  }

  const body = new PassThrough();
  const sse = new SseStream(body);
  let closed = false;
  const timers: NodeJS.Timeout[] = [];
  const subscriber: Subscriber = {
    userId: claims.userId,
    jti: claims.jti,
    sessionId: chatSessionId,
    sse,
    close() {
      if (closed) return;
      closed = true;
      for (const t of timers) clearTimeout(t);
      hub.remove(subscriber);
      body.end();
    },
  };
  hub.add(subscriber);
  request.raw.on('close', () => subscriber.close());
  const heartbeat = setInterval(() => sse.comment('ping'), HEARTBEAT_MS);
  heartbeat.unref();
  timers.push(heartbeat);
  const expiry = setTimeout(
    () => {
      sse.event('expired', { reason: 'token_expired' });
      subscriber.close();
    },
    Math.max(0, claims.expiresAt.getTime() - Date.now()),
  );
  expiry.unref();
  timers.push(expiry);

  sse.retry(3000);
  // What a reconnecting client missed: messages sent or edited after its last event.
  const since = lastEventId(request);
  if (since) {
    const rows = (await messagesOf(deps.db, [chatSessionId])).filter(
      (m) => new Date(m.created_at) > since || (m.edited_at && new Date(m.edited_at) > since),
    );
    const names = await namesOf(
      deps.db,
      rows.map((m) => m.sender_id),
    );
    for (const m of rows) {
      const edited = new Date(m.created_at) <= since;
      sse.event(
        edited ? 'message-edited' : 'message',
        messageView(m, names),
        String(new Date(m.edited_at ?? m.created_at).getTime()),
      );
    }
  }
  sse.event('ready', await sessionView(deps.db, session));

  reply
    .code(200)
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-store, no-transform')
    .header('x-accel-buffering', 'no');
  return reply.send(body);
}

/** The module's `register` hook: the stream route over the app's event bus, and the streams' shutdown (and, outside production, the test fixture route). */
export async function registerChatStream(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerChatFixtures(app, deps);
  const listener = deps.bus;
  if (!listener) {
    app.log.warn('chat streams disabled: no event bus (PostgreSQL without a DATABASE_URL to LISTEN on)');
    return;
  }
  const hub = new StreamHub(deps, listener, app.log);
  // Draining (SIGTERM): every stream gets a last `restart` event, so clients reconnect elsewhere at once.
  onDrain(app, () => hub.closeAll('restart'));
  app.addHook('preClose', async () => hub.closeAll('restart'));
  app.get(STREAM_PATH, (request, reply) => openStream(hub, deps, request, reply));
}
