/**
 * The chat client: one per chat session and person, without React. It keeps the live connection (the
 * connection state machine's effects: chat token, EventSource, back-off timer, online/offline), feeds what the
 * stream says into the thread (thread reducer), loads the history in pages, sends and edits through the
 * outbox (a client-chosen key per message, kept through every retry), marks read, and keeps the unread count
 * (the server's, refreshed after every change). Everything it talks to is a port, so it is tested with fakes
 * (ChatClient.test.ts); useChatClient wires it to the generated calls and the browser's EventSource.
 */
import type { ChatMessage, ChatMessagePage, ChatSession, ChatToken, ReadState } from '@tend/api/model';
import { toProblem } from '@tend/core';
import {
  backoffDelay,
  initialConnection,
  transition,
  type ClosedReason,
  type ConnectionEffect,
  type ConnectionEvent,
  type ConnectionState,
} from '../model/connection.ts';
import {
  STREAM_EVENTS,
  laterId,
  parseStreamEvent,
  resumeFrom,
  type ChatStreamEvent,
} from '../model/events.ts';
import {
  emptyThread,
  hasUnseen,
  retryableEdits,
  retryableSends,
  threadReducer,
  type ThreadAction,
  type ThreadState,
} from '../model/thread.ts';

/** What the client needs of an EventSource (the browser's, or a fake). */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
}

export interface NetworkPort {
  online(): boolean;
  subscribe(listener: (online: boolean) => void): () => void;
}

export interface TimerPort {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface ChatClientPorts {
  sessionId: string;
  selfId: string;
  /** A chat token for the session (getPatientChatToken / getChatToken). */
  token(): Promise<ChatToken>;
  /** A page of messages (listChatMessages). */
  page(params: { paginationCursor?: string; limit: number }): Promise<ChatMessagePage>;
  /** Send a new message or edit one (editChatMessage with the client's key). */
  send(key: string, body: string): Promise<ChatMessage>;
  /** Mark everything read (markChatAsRead). */
  markRead(): Promise<ReadState>;
  /** My unread count in the session (getUnreadMessageCounts). */
  unread(): Promise<number | undefined>;
  /** Opens the stream with the token, resuming after a Last-Event-ID. */
  open(token: ChatToken, lastEventId: string | null): EventSourceLike;
  network?: NetworkPort | undefined;
  timers?: TimerPort | undefined;
  random?: (() => number) | undefined;
  now?: (() => number) | undefined;
  newKey?: (() => string) | undefined;
  /** The session changed (accepted, handed over, someone joined or left, ended). */
  onSession?: ((session: ChatSession) => void) | undefined;
  /** The connection closed for good. */
  onClosed?: ((reason: ClosedReason) => void) | undefined;
  /** My unread count changed (lists showing it follow). */
  onUnread?: ((count: number) => void) | undefined;
}

export interface ChatSnapshot {
  connection: ConnectionState;
  thread: ThreadState;
  /** The session as the stream last said it (null before the stream was ready once). */
  session: ChatSession | null;
}

/** The first page shows the newest messages at once; older pages are bigger (scrolling back reads many). */
export const FIRST_PAGE_SIZE = 50;
export const OLDER_PAGE_SIZE = 200;
/** The unread count is asked again this long after the last change (changes come in bursts). */
export const UNREAD_REFRESH_MS = 400;
/** Marking read happens at most this often while messages keep arriving (each mark is a write on the server). */
export const MARK_READ_INTERVAL_MS = 1000;
/** A token this close to its expiry is replaced before opening a stream with it. */
export const TOKEN_MARGIN_MS = 30_000;

const defaultTimers: TimerPort = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function browserNetwork(): NetworkPort | undefined {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return undefined;
  return {
    online: () => navigator.onLine !== false,
    subscribe(listener) {
      const on = () => listener(true);
      const off = () => listener(false);
      window.addEventListener('online', on);
      window.addEventListener('offline', off);
      return () => {
        window.removeEventListener('online', on);
        window.removeEventListener('offline', off);
      };
    },
  };
}

/** The reason a failed token call gives: the chat is gone for me (fatal), or try again (null). */
function tokenFailure(error: unknown): ClosedReason | null {
  const problem = toProblem(error);
  if (problem.status === 401) return 'unauthenticated';
  if (problem.status === 403) return 'left';
  if (problem.status === 404) return 'notFound';
  if (problem.status === 409) return 'ended';
  return null;
}

const retryableFailure = (error: unknown) => {
  const problem = toProblem(error);
  return {
    retryable: problem.retryable || problem.kind === 'offline' || problem.kind === 'network',
    code: problem.code,
  };
};

export class ChatClient {
  readonly sessionId: string;
  readonly selfId: string;
  readonly #ports: ChatClientPorts;
  readonly #timers: TimerPort;
  readonly #random: () => number;
  readonly #now: () => number;
  readonly #newKey: () => string;
  #snapshot: ChatSnapshot = { connection: initialConnection, thread: emptyThread, session: null };
  readonly #listeners = new Set<() => void>();
  #token: ChatToken | null = null;
  #source: EventSourceLike | null = null;
  #timer: unknown = null;
  #tokenGeneration = 0;
  #openGeneration = 0;
  #lastEventId: string | null = null;
  #firstPage: Promise<void> | null = null;
  #unreadTimer: unknown = null;
  #unreadGeneration = 0;
  #selfReads = 0;
  #marking: Promise<void> | null = null;
  #markAgain = false;
  #markTimer: unknown = null;
  #lastMarked = Number.NEGATIVE_INFINITY;
  #unsubscribeNetwork: (() => void) | null = null;
  #wantsHistory = false;
  readonly #sendRetries = new Map<string, unknown>();

  constructor(ports: ChatClientPorts) {
    this.#ports = ports;
    this.sessionId = ports.sessionId;
    this.selfId = ports.selfId;
    this.#timers = ports.timers ?? defaultTimers;
    this.#random = ports.random ?? Math.random;
    this.#now = ports.now ?? Date.now;
    this.#newKey = ports.newKey ?? (() => crypto.randomUUID());
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

  // ── the connection ────────────────────────────────────────────────────────────────────────────────

  /** Connects (again, after stop). */
  start(): void {
    if (!this.#unsubscribeNetwork) {
      const network = this.#ports.network ?? browserNetwork();
      // The browser's online/offline events are hints (navigator.onLine can say offline where the server is
      // reachable): the connection is tried anyway, and "offline" keeps probing with back-off.
      this.#unsubscribeNetwork =
        network?.subscribe((online) => this.#connection({ type: online ? 'online' : 'offline' })) ??
        (() => {});
      this.#connection({ type: 'start' });
      return;
    }
    this.#connection({ type: 'start' });
  }

  /** Disconnects for good (until start). */
  stop(): void {
    for (const key of [...this.#sendRetries.keys()]) this.#cancelSendRetry(key);
    this.#timers.clear(this.#markTimer);
    this.#markTimer = null;
    this.#connection({ type: 'stop' });
    this.#unsubscribeNetwork?.();
    this.#unsubscribeNetwork = null;
    this.#timers.clear(this.#unreadTimer);
  }

  /** Tries to reconnect now instead of waiting out the back-off. */
  reconnectNow(): void {
    this.#connection({ type: 'retryNow' });
  }

  #connection(event: ConnectionEvent): void {
    const before = this.#snapshot.connection;
    const { state, effects } = transition(before, event, this.#random);
    if (state !== before) this.#set({ connection: state });
    for (const effect of effects) this.#run(effect);
    if (state.status === 'live' && before.status !== 'live') this.#afterReady();
    if (state.status === 'closed' && before.status !== 'closed' && state.reason)
      this.#ports.onClosed?.(state.reason);
  }

  #run(effect: ConnectionEffect): void {
    switch (effect.type) {
      case 'fetchToken':
        void this.#fetchToken();
        return;
      case 'open':
        void this.#open();
        return;
      case 'close':
        this.#openGeneration++;
        this.#source?.close();
        this.#source = null;
        return;
      case 'schedule':
        this.#timer = this.#timers.set(() => this.#connection({ type: 'timer' }), effect.ms);
        return;
      case 'cancelTimer':
        this.#timers.clear(this.#timer);
        this.#timer = null;
        return;
    }
  }

  async #fetchToken(): Promise<void> {
    const generation = ++this.#tokenGeneration;
    try {
      const token = await this.#ports.token();
      if (generation !== this.#tokenGeneration) return;
      this.#token = token;
      this.#connection({ type: 'tokenReady' });
    } catch (error) {
      if (generation !== this.#tokenGeneration) return;
      this.#connection({ type: 'tokenFailed', fatal: tokenFailure(error) });
    }
  }

  async #open(): Promise<void> {
    const generation = ++this.#openGeneration;
    // With the history's first page on its way, wait for it: the stream resumes from where it was read.
    if (this.#firstPage) await this.#firstPage;
    if (generation !== this.#openGeneration || this.#snapshot.connection.status !== 'connecting') return;
    const token = this.#token;
    if (!token || Date.parse(token.expiresAt) - this.#now() < TOKEN_MARGIN_MS) {
      void this.#fetchToken();
      return;
    }
    let source: EventSourceLike;
    try {
      source = this.#ports.open(token, resumeFrom(this.#lastEventId));
    } catch {
      this.#connection({ type: 'dropped' });
      return;
    }
    this.#source = source;
    for (const name of STREAM_EVENTS) {
      source.addEventListener(name, (event) => {
        if (this.#source !== source) return;
        const { data, lastEventId } = event as MessageEvent<string>;
        const parsed = parseStreamEvent(name, typeof data === 'string' ? data : '', lastEventId);
        if (parsed) this.#onEvent(parsed);
      });
    }
    source.addEventListener('error', () => {
      if (this.#source === source) this.#connection({ type: 'dropped' });
    });
  }

  #onEvent(event: ChatStreamEvent): void {
    const selfId = this.selfId;
    switch (event.type) {
      case 'ready':
      case 'session':
        this.#session(event.session);
        if (event.type === 'ready') this.#connection({ type: 'ready' });
        return;
      case 'message':
        this.#lastEventId = laterId(this.#lastEventId, event.id);
        this.#thread({ type: 'received', message: event.message, selfId });
        if (event.message.senderId !== selfId) this.#refreshUnread();
        return;
      case 'message-edited':
        this.#lastEventId = laterId(this.#lastEventId, event.id);
        this.#thread({ type: 'edited', message: event.message });
        return;
      case 'read':
        if (event.userId === selfId) this.#selfReads++;
        this.#thread({ type: 'read', userId: event.userId, readAt: event.readAt, selfId });
        return;
      case 'ended': {
        // The session said who changed what just before: still open means I left (or handed it over).
        const session = this.#snapshot.session;
        this.#connection({
          type: 'closedByServer',
          reason: session && session.status === 'open' ? 'left' : 'ended',
        });
        return;
      }
      case 'revoked':
        // My chat tokens were revoked: signing out here stops the client first, so this is another tab or
        // device signing out. Ask for a new token: it works while my session here does (else it closes).
        this.#connection({ type: 'expired' });
        return;
      case 'expired':
        this.#connection({ type: 'expired' });
        return;
      case 'restart':
        this.#connection({ type: 'restart', retryMs: event.retryMs });
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
    this.#refreshUnread(0);
    const { thread } = this.#snapshot;
    if (this.#wantsHistory && (!thread.history.loaded || thread.history.failed)) this.loadNewest();
    for (const item of retryableSends(thread)) this.retry(item.key);
    for (const [key, edit] of retryableEdits(thread)) this.edit(key, edit.body);
  }

  // ── unread and read ───────────────────────────────────────────────────────────────────────────────

  #refreshUnread(delay = UNREAD_REFRESH_MS): void {
    this.#timers.clear(this.#unreadTimer);
    this.#unreadTimer = this.#timers.set(() => {
      const generation = ++this.#unreadGeneration;
      const reads = this.#selfReads;
      this.#ports.unread().then(
        (count) => {
          // A newer answer is on its way, or I read meanwhile: this count is out of date.
          if (generation !== this.#unreadGeneration || reads !== this.#selfReads || count === undefined)
            return;
          this.#thread({ type: 'unreadCounted', count });
        },
        () => undefined,
      );
    }, delay);
  }

  /**
   * Marks everything read: once at a time, at most once per MARK_READ_INTERVAL_MS while messages keep coming
   * (the last call is kept and made when the interval is over), and nothing when nothing is unseen.
   */
  markRead(): Promise<void> {
    if (!hasUnseen(this.#snapshot.thread, this.selfId)) return Promise.resolve();
    if (this.#marking) {
      this.#markAgain = true;
      return this.#marking;
    }
    const wait = this.#lastMarked + MARK_READ_INTERVAL_MS - this.#now();
    if (wait > 0) {
      if (!this.#markTimer) {
        this.#markTimer = this.#timers.set(() => {
          this.#markTimer = null;
          if (!this.#marking && hasUnseen(this.#snapshot.thread, this.selfId)) void this.#markNow();
        }, wait);
      }
      return Promise.resolve();
    }
    return this.#markNow();
  }

  #markNow(): Promise<void> {
    this.#lastMarked = this.#now();
    this.#marking = this.#ports
      .markRead()
      .then((state) => {
        this.#selfReads++;
        this.#thread({ type: 'read', userId: this.selfId, readAt: state.readAt, selfId: this.selfId });
      })
      .catch(() => undefined)
      .finally(() => {
        this.#marking = null;
        if (this.#markAgain) {
          this.#markAgain = false;
          void this.markRead();
        }
      });
    return this.#marking;
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

  // ── sending and editing ───────────────────────────────────────────────────────────────────────────

  /** Sends a new message with a new key; answers the key. */
  send(body: string): string {
    const key = this.#newKey();
    this.#thread({ type: 'queued', key, body, at: this.#now() });
    void this.#put(key, body);
    return key;
  }

  /** Sends a failed message again, with the same key (the server keeps one message per key). */
  retry(key: string): void {
    const item = this.#snapshot.thread.outbox.find((o) => o.key === key && o.status === 'failed');
    if (!item) return;
    this.#thread({ type: 'retrying', key });
    void this.#put(key, item.body);
  }

  /** Removes a message that failed to send. */
  discard(key: string): void {
    this.#cancelSendRetry(key);
    this.#thread({ type: 'discarded', key });
  }

  async #put(key: string, body: string): Promise<void> {
    this.#cancelSendRetry(key);
    try {
      const message = await this.#ports.send(key, body);
      this.#thread({ type: 'sent', message });
    } catch (error) {
      const failure = retryableFailure(error);
      this.#thread({ type: 'sendFailed', key, ...failure });
      // The network's failures are sent again by themselves (with back-off, the same key), besides once the
      // stream is live again: the browser's online event is not always there to say the network is back.
      if (failure.retryable && this.#snapshot.connection.status !== 'closed') {
        const attempts = this.#snapshot.thread.outbox.find((o) => o.key === key)?.attempts ?? 1;
        this.#sendRetries.set(
          key,
          this.#timers.set(
            () => {
              this.#sendRetries.delete(key);
              this.retry(key);
            },
            backoffDelay(attempts, this.#random),
          ),
        );
      }
    }
  }

  #cancelSendRetry(key: string): void {
    if (!this.#sendRetries.has(key)) return;
    this.#timers.clear(this.#sendRetries.get(key));
    this.#sendRetries.delete(key);
  }

  /** Edits one of my messages (the same key with the new text). */
  edit(key: string, body: string): void {
    const message = this.#snapshot.thread.messages.find((m) => m.chatMessageKey === key);
    if (!message || message.senderId !== this.selfId) return;
    if (message.messageBody === body) {
      this.#thread({ type: 'editDropped', key });
      return;
    }
    this.#thread({ type: 'editQueued', key, body });
    this.#ports.send(key, body).then(
      (saved) => this.#thread({ type: 'editSaved', message: saved }),
      (error: unknown) => this.#thread({ type: 'editFailed', key, ...retryableFailure(error) }),
    );
  }

  /** Gives up an edit that failed (the message keeps its saved text). */
  dropEdit(key: string): void {
    this.#thread({ type: 'editDropped', key });
  }
}
