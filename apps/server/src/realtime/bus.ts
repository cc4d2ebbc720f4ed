// The event bus: what happened in which chat session, and whose sign-in state changed, fanned out to every
// server process (chat streams, and the session-validity cache of src/auth/validity.ts).
//
// On PostgreSQL an event is a NOTIFY on the channel `tend_chat` (sent through the request's own
// connection, so inside a transaction it is delivered at commit) and every process LISTENs on a dedicated
// `pg` client. PGlite is one process, so its events go through an in-process emitter per database.
// Payloads carry ids only (NOTIFY payloads are limited to 8000 bytes): each process loads what it sends
// to its own streams once per event.
import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import pg from 'pg';
import { dbKind, pgliteOf, type Db } from '../db/index.ts';

export const CHAT_CHANNEL = 'tend_chat';

export type ChatEvent =
  /** A new message (k: its key). */
  | { t: 'message'; s: string; k: string }
  /** A message edited by its sender. */
  | { t: 'edited'; s: string; k: string }
  /** A participant's read state changed (u: who, at: read up to, ISO). */
  | { t: 'read'; s: string; u: string; at: string }
  /** Participants or status changed (accept, invite, handover, leave, end, emergency). */
  | { t: 'session'; s: string }
  /** Every chat token of user u was revoked. */
  | { t: 'revoked'; u: string }
  /** User u's session validity changed (signed out everywhere, account changed): drop what is cached. */
  | { t: 'sessions'; u: string }
  /** User u's row or roles changed (announced by a database trigger, migration 0112). */
  | { t: 'user'; u: string }
  /** What user u's account summary shows changed (second factors, records, requests: migration 0112). */
  | { t: 'account'; u: string };

export type ChatEventListener = (event: ChatEvent) => void;

const localEmitters = new WeakMap<Db, EventEmitter>();

function localEmitter(db: Db): EventEmitter {
  let emitter = localEmitters.get(db);
  if (!emitter) {
    emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    localEmitters.set(db, emitter);
  }
  return emitter;
}

/** Parses a NOTIFY payload; anything that is not a chat event is ignored (null). */
export function parseChatEvent(payload: string | undefined): ChatEvent | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<Record<'t' | 's' | 'k' | 'u' | 'at', unknown>>;
    const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
    switch (value.t) {
      case 'message':
      case 'edited':
        return str(value.s) && str(value.k) ? { t: value.t, s: value.s, k: value.k } : null;
      case 'read':
        return str(value.s) && str(value.u) && str(value.at)
          ? { t: 'read', s: value.s, u: value.u, at: value.at }
          : null;
      case 'session':
        return str(value.s) ? { t: 'session', s: value.s } : null;
      case 'revoked':
      case 'sessions':
      case 'user':
      case 'account':
        return str(value.u) ? { t: value.t, u: value.u } : null;
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/**
 * Publishes an event to every process. Call it with the transaction that made the change (delivered at
 * commit on PostgreSQL) or with the database after the change was committed.
 */
export async function publishChatEvent(db: Db, event: ChatEvent, local: Db = db): Promise<void> {
  if (dbKind(local) === 'postgres') {
    await sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(event)})`.execute(db);
  } else {
    localEmitter(local).emit(CHAT_CHANNEL, event);
  }
}

export interface ChatListener {
  /** Resolves once events published from now on will be received. */
  ready(): Promise<void>;
  /** Whether events published now will be received (LISTEN is active). */
  connected(): boolean;
  subscribe(listener: ChatEventListener): () => void;
  /** Called when the connection dropped: events may have been missed until it is back. */
  onDrop(callback: () => void): void;
  /** Called each time LISTEN is active again (first connection and every reconnection). */
  onConnect(callback: () => void): void;
  close(): Promise<void>;
}

/**
 * The in-process listener of a PGlite database: events published by the server's code (an emitter), and
 * those the database itself raises (NOTIFY from triggers, heard through PGlite's LISTEN).
 */
export function localChatListener(db: Db): ChatListener {
  const emitter = localEmitter(db);
  const listeners = new Set<ChatEventListener>();
  const forward = (event: ChatEvent) => {
    for (const l of listeners) l(event);
  };
  emitter.on(CHAT_CHANNEL, forward);
  const engine = pgliteOf(db);
  let closed = false;
  /** Database notifications are heard once PGlite's LISTEN is in place. */
  let live = !engine;
  let unlisten: (() => Promise<void>) | undefined;
  const listening = engine
    ? engine
        .listen(CHAT_CHANNEL, (payload) => {
          const event = parseChatEvent(payload);
          if (event && !closed) forward(event);
        })
        .then((stop) => {
          unlisten = stop;
          live = true;
        })
    : Promise.resolve();
  return {
    ready: () => listening,
    connected: () => live && !closed,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // In-process delivery never drops.
    onDrop() {},
    onConnect() {},
    async close() {
      closed = true;
      emitter.off(CHAT_CHANNEL, forward);
      listeners.clear();
      await listening.catch(() => {});
      await unlisten?.().catch(() => {});
    },
  };
}

export interface PgListenerOptions {
  connectionString: string;
  /** Reports connection problems (never payloads). */
  onError?: (error: Error) => void;
  /** First delay before reconnecting after the connection dropped (ms); doubled per failure, up to 30 s. */
  reconnectMs?: number;
}

/**
 * LISTEN on a dedicated `pg` client, connected on first need and reconnected when the connection drops.
 * Events published while it was disconnected are lost: onDrop lets the streams close, so that browsers
 * reconnect and catch up on what they missed (Last-Event-ID), see ../modules/chats/stream.ts.
 */
export function pgChatListener(options: PgListenerOptions): ChatListener {
  const listeners = new Set<ChatEventListener>();
  const dropped = new Set<() => void>();
  const connectedCallbacks = new Set<() => void>();
  /** The client of the current connection attempt or connection. */
  let current: pg.Client | null = null;
  /** The client whose LISTEN is active. */
  let live: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  /** Failed attempts since the last good connection (for the reconnect back-off). */
  let failures = 0;
  const report = (error: unknown) =>
    options.onError?.(error instanceof Error ? error : new Error(String(error)));

  const drop = (c: pg.Client) => {
    if (current !== c) return;
    current = null;
    live = null;
    connecting = null;
    c.removeAllListeners('notification');
    void c.end().catch(() => {});
    if (!closed) for (const callback of dropped) callback();
    if (!closed && listeners.size > 0 && !timer) {
      const delay = Math.min(30_000, (options.reconnectMs ?? 1000) * 2 ** Math.min(failures, 5));
      failures++;
      timer = setTimeout(() => {
        timer = null;
        if (!closed) connect().catch(report);
      }, delay);
      timer.unref();
    }
  };

  const connect = (): Promise<void> => {
    if (closed) return Promise.reject(new Error('listener closed'));
    if (connecting) return connecting;
    const c = new pg.Client({ connectionString: options.connectionString });
    current = c;
    c.on('notification', (message) => {
      if (message.channel !== CHAT_CHANNEL) return;
      const event = parseChatEvent(message.payload);
      if (!event) return;
      for (const l of listeners) l(event);
    });
    c.on('error', (error) => {
      report(error);
      drop(c);
    });
    c.on('end', () => drop(c));
    const attempt = (async () => {
      try {
        await c.connect();
        await c.query(`LISTEN ${CHAT_CHANNEL}`);
        failures = 0;
        if (current === c && !closed) {
          live = c;
          for (const callback of connectedCallbacks) callback();
        }
      } catch (error) {
        drop(c);
        throw error;
      }
    })();
    connecting = attempt;
    return attempt;
  };

  return {
    ready: () => connect(),
    connected: () => live !== null && live === current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onDrop(callback) {
      dropped.add(callback);
    },
    onConnect(callback) {
      connectedCallbacks.add(callback);
    },
    async close() {
      closed = true;
      live = null;
      dropped.clear();
      connectedCallbacks.clear();
      if (timer) clearTimeout(timer);
      listeners.clear();
      const c = current;
      const pending = connecting;
      current = null;
      connecting = null;
      if (pending) await pending.catch(() => {});
      if (c) await c.end().catch(() => {});
    },
  };
}

/** The listener for this database: LISTEN on PostgreSQL (connectionString needed), in-process on PGlite. */
export function createChatListener(
  db: Db,
  connectionString: string | undefined,
  onError?: (error: Error) => void,
): ChatListener {
  if (dbKind(db) !== 'postgres') return localChatListener(db);
  if (!connectionString) throw new Error('chat streams on PostgreSQL need the DATABASE_URL to LISTEN on');
  return pgChatListener({ connectionString, ...(onError ? { onError } : {}) });
}
