/**
 * The chat client: one per chat session and person, without React. It feeds what the live connection's
 * stream says into the thread (thread reducer) and loads the history in pages, and is the one store the views
 * read. Its parts: the live connection (stream.ts: the connection state machine's effects, chat token,
 * EventSource, back-off timer, online/offline), the outbox (outbox.ts: sending and editing with a
 * client-chosen key per message, kept through every retry), reading (reads.ts: marking read, and the unread
 * count, the server's, refreshed after every change). Everything it talks to is a port (ports.ts), so it is
 * tested with fakes (ChatClient.test.ts); useChatClient wires it to the generated calls and the browser's
 * EventSource.
 */
import type { ChatSession } from '@tend/api/model';
import { initialConnection } from '../model/connection.ts';
import { laterId, type ChatStreamEvent } from '../model/events.ts';
import {
  emptyThread,
  retryableEdits,
  retryableSends,
  threadReducer,
  type ThreadAction,
} from '../model/thread.ts';
import { ChatOutbox } from './outbox.ts';
import {
  defaultTimers,
  FIRST_PAGE_SIZE,
  OLDER_PAGE_SIZE,
  type ChatClientPorts,
  type ChatCore,
  type ChatSnapshot,
} from './ports.ts';
import { ChatReads } from './reads.ts';
import { ChatStream } from './stream.ts';

export {
  FIRST_PAGE_SIZE,
  MARK_READ_INTERVAL_MS,
  OLDER_PAGE_SIZE,
  TOKEN_MARGIN_MS,
  UNREAD_REFRESH_MS,
  type ChatClientPorts,
  type ChatSnapshot,
  type EventSourceLike,
  type NetworkPort,
  type TimerPort,
} from './ports.ts';

export class ChatClient {
  readonly sessionId: string;
  readonly selfId: string;
  readonly #ports: ChatClientPorts;
  readonly #stream: ChatStream;
  readonly #reads: ChatReads;
  readonly #outbox: ChatOutbox;
  #snapshot: ChatSnapshot = { connection: initialConnection, thread: emptyThread, session: null };
  readonly #listeners = new Set<() => void>();
  #lastEventId: string | null = null;
  #firstPage: Promise<void> | null = null;
  #wantsHistory = false;

  constructor(ports: ChatClientPorts) {
    this.#ports = ports;
    this.sessionId = ports.sessionId;
    this.selfId = ports.selfId;
    const core: ChatCore = {
      selfId: this.selfId,
      ports,
      timers: ports.timers ?? defaultTimers,
      random: ports.random ?? Math.random,
      now: ports.now ?? Date.now,
      snapshot: () => this.#snapshot,
      set: (next) => this.#set(next),
      thread: (action) => this.#thread(action),
    };
    this.#stream = new ChatStream(core, {
      event: (event) => this.#onEvent(event),
      live: () => this.#afterReady(),
      lastEventId: () => this.#lastEventId,
      firstPage: () => this.#firstPage,
    });
    this.#reads = new ChatReads(core);
    this.#outbox = new ChatOutbox(core, ports.newKey ?? (() => crypto.randomUUID()));
  }

  // ── the store (useSyncExternalStore) ──────────────────────────────────────────────────────────────

  getSnapshot = (): ChatSnapshot => this.#snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  };

  #set(next: Partial<ChatSnapshot>): void {
    this.#snapshot = { ...this.#snapshot, ...next };
    for (const listener of [...this.#listeners]) listener();
  }

  #thread(action: ThreadAction): void {
    const before = this.#snapshot.thread;
    const thread = threadReducer(before, action);
    if (thread === before) return;
    this.#set({ thread });
    if (thread.unread !== before.unread) this.#ports.onUnread?.(thread.unread);
  }

  // ── the connection (stream.ts) ────────────────────────────────────────────────────────────────────

  /** Connects (again, after stop). */
  start(): void {
    this.#stream.start();
  }

  /** Disconnects for good (until start). */
  stop(): void {
    this.#outbox.cancelRetries();
    this.#reads.stopMarking();
    this.#stream.stop();
    this.#reads.stopCounting();
  }

  /** Tries to reconnect now instead of waiting out the back-off. */
  reconnectNow(): void {
    this.#stream.reconnectNow();
  }

  #onEvent(event: ChatStreamEvent): void {
    const selfId = this.selfId;
    switch (event.type) {
      case 'ready':
      case 'session':
        this.#session(event.session);
        if (event.type === 'ready') this.#stream.dispatch({ type: 'ready' });
        return;
      case 'message':
        this.#lastEventId = laterId(this.#lastEventId, event.id);
        this.#thread({ type: 'received', message: event.message, selfId });
        if (event.message.senderId !== selfId) this.#reads.refreshUnread();
        return;
      case 'message-edited':
        this.#lastEventId = laterId(this.#lastEventId, event.id);
        this.#thread({ type: 'edited', message: event.message });
        return;
      case 'read':
        this.#reads.readBy(event.userId);
        this.#thread({ type: 'read', userId: event.userId, readAt: event.readAt, selfId });
        return;
      case 'ended': {
        // The session said who changed what just before: still open means I left (or handed it over).
        const session = this.#snapshot.session;
        this.#stream.dispatch({
          type: 'closedByServer',
          reason: session && session.status === 'open' ? 'left' : 'ended',
        });
        return;
      }
      case 'revoked':
        // My chat tokens were revoked: signing out here stops the client first, so this is another tab or
        // device signing out. Ask for a new token: it works while my session here does (else it closes).
        this.#stream.dispatch({ type: 'expired' });
        return;
      case 'expired':
        this.#stream.dispatch({ type: 'expired' });
        return;
      case 'restart':
        this.#stream.dispatch({ type: 'restart', retryMs: event.retryMs });
        return;
    }
  }

  #session(session: ChatSession): void {
    this.#set({ session });
    this.#thread({ type: 'session', session, selfId: this.selfId });
    this.#ports.onSession?.(session);
  }

  /** Live (again): the count, the history if it is wanted and missing, and what failed for the network. */
  #afterReady(): void {
    this.#reads.refreshUnread(0);
    const { thread } = this.#snapshot;
    if (this.#wantsHistory && (!thread.history.loaded || thread.history.failed)) this.loadNewest();
    for (const item of retryableSends(thread)) this.retry(item.key);
    for (const [key, edit] of retryableEdits(thread)) this.edit(key, edit.body);
  }

  // ── unread and read (reads.ts) ────────────────────────────────────────────────────────────────────

  /**
   * Marks everything read: once at a time, at most once per MARK_READ_INTERVAL_MS while messages keep coming
   * (the last call is kept and made when the interval is over), and nothing when nothing is unseen.
   */
  markRead(): Promise<void> {
    return this.#reads.markRead();
  }

  // ── history ───────────────────────────────────────────────────────────────────────────────────────

  /** Loads the newest page (the view asks once it shows the conversation; again after a failure). */
  loadNewest(): Promise<void> {
    this.#wantsHistory = true;
    if (this.#snapshot.thread.history.loading && this.#firstPage) return this.#firstPage;
    this.#thread({ type: 'pageRequested' });
    const load = this.#ports.page({ limit: FIRST_PAGE_SIZE }).then(
      (page) => {
        this.#lastEventId = laterId(this.#lastEventId, page.lastEventId);
        this.#thread({ type: 'pageLoaded', items: page.items, cursor: page.paginationCursor, newest: true });
      },
      (error: unknown) => this.#thread({ type: 'pageFailed', error }),
    );
    const tracked: Promise<void> = load.finally(() => {
      if (this.#firstPage === tracked) this.#firstPage = null;
    });
    this.#firstPage = tracked;
    return tracked;
  }

  /** Loads the page before the oldest loaded message (nothing when it is all here or a page is on its way). */
  loadOlder(): Promise<void> {
    const { history } = this.#snapshot.thread;
    if (!history.loaded) return this.loadNewest();
    if (history.loading || history.cursor === null) return Promise.resolve();
    this.#thread({ type: 'pageRequested' });
    return this.#ports.page({ paginationCursor: history.cursor, limit: OLDER_PAGE_SIZE }).then(
      (page) =>
        this.#thread({ type: 'pageLoaded', items: page.items, cursor: page.paginationCursor, newest: false }),
      (error: unknown) => this.#thread({ type: 'pageFailed', error }),
    );
  }

  // ── sending and editing (outbox.ts) ───────────────────────────────────────────────────────────────

  /** Sends a new message with a new key; answers the key. */
  send(body: string): string {
    return this.#outbox.send(body);
  }

  /** Sends a failed message again, with the same key (the server keeps one message per key). */
  retry(key: string): void {
    this.#outbox.retry(key);
  }

  /** Removes a message that failed to send. */
  discard(key: string): void {
    this.#outbox.discard(key);
  }

  /** Edits one of my messages (the same key with the new text). */
  edit(key: string, body: string): void {
    this.#outbox.edit(key, body);
  }

  /** Gives up an edit that failed (the message keeps its saved text). */
  dropEdit(key: string): void {
    this.#outbox.dropEdit(key);
  }
}
