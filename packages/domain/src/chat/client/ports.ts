/**
 * What the chat client talks to (ports, so it is tested with fakes), what it shows (the snapshot), its timing
 * constants, and the browser's defaults for the ports it may be given.
 */
import type { ChatMessage, ChatMessagePage, ChatSession, ChatToken, ReadState } from '@tend/api/model';
import type { ClosedReason, ConnectionState } from '../model/connection.ts';
import type { ThreadAction, ThreadState } from '../model/thread.ts';

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

export const defaultTimers: TimerPort = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function browserNetwork(): NetworkPort | undefined {
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

/** What the client's parts share: the ports with their defaults, the snapshot and its setter, and the thread's dispatch. */
export interface ChatCore {
  readonly selfId: string;
  readonly ports: ChatClientPorts;
  readonly timers: TimerPort;
  readonly random: () => number;
  readonly now: () => number;
  snapshot(): ChatSnapshot;
  set(next: Partial<ChatSnapshot>): void;
  thread(action: ThreadAction): void;
}
