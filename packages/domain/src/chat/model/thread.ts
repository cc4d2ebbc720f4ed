/**
 * The conversation as the client holds it: the messages it knows (one per chatMessageKey, in the order they
 * were sent), what it is still sending (the outbox: a message keeps its client-chosen key through every
 * retry, so a retried send never duplicates), edits on their way, how far back the history is loaded, who
 * has read up to when (read receipts from the server), and the unread count. Pure: `threadReducer` is the
 * only way it changes (exhaustively unit-tested in thread.test.ts). How messages are ordered and merged is
 * messages.ts; what the client and the views read off the state (selectors, rows) is selectors.ts.
 */
import type { ChatMessage, ChatSession } from '@tend/api/model';
import { before, indexOfKey, later, mergeMessages, newer, time } from './messages.ts';

export { mergeMessages } from './messages.ts';
export { hasUnseen, retryableEdits, retryableSends, threadItems, type ThreadItem } from './selectors.ts';

export type SendStatus = 'sending' | 'failed';

/** A message of mine not yet confirmed by the server. */
export interface OutboxItem {
  key: string;
  body: string;
  /** When it was written here (epoch ms): the order of the outbox. */
  queuedAt: number;
  status: SendStatus;
  /** A failure the network caused (sent again by itself when the connection is back). */
  retryable: boolean;
  /** The problem's code of the last failure (chat_ended, network_error …). */
  code?: string | undefined;
  attempts: number;
}

/** An edit of one of my messages on its way. */
export interface PendingEdit {
  body: string;
  status: SendStatus;
  retryable: boolean;
  code?: string | undefined;
}

export interface HistoryState {
  /** The cursor of the next older page; null when the first message is loaded. */
  cursor: string | null;
  /** Whether a page was ever loaded (before that, how far back is unknown). */
  loaded: boolean;
  loading: boolean;
  /** The last page load failed. */
  failed: boolean;
  /** What the failed page load threw (for toProblem), while `failed`. */
  error?: unknown;
}

export interface ThreadState {
  /** Confirmed messages, sorted by sentAt then key; one per chatMessageKey. */
  messages: ChatMessage[];
  outbox: OutboxItem[];
  /** chatMessageKey → the edit on its way. */
  edits: Record<string, PendingEdit>;
  history: HistoryState;
  /** userId → the latest read instant the server reported (ISO). */
  reads: Record<string, string>;
  /** Messages of others I have not read (the server's count, kept up to date by the stream). */
  unread: number;
  /** The latest message someone else sent while I was here (for the live announcement), and its sequence. */
  incoming: ChatMessage | null;
  incomingSeq: number;
}

export type ThreadAction =
  | { type: 'pageRequested' }
  | { type: 'pageLoaded'; items: readonly ChatMessage[]; cursor: string | null; newest: boolean }
  | { type: 'pageFailed'; error?: unknown }
  | { type: 'received'; message: ChatMessage; selfId: string }
  | { type: 'edited'; message: ChatMessage }
  | { type: 'queued'; key: string; body: string; at: number }
  | { type: 'sent'; message: ChatMessage }
  | { type: 'sendFailed'; key: string; retryable: boolean; code?: string | undefined }
  | { type: 'retrying'; key: string }
  | { type: 'discarded'; key: string }
  | { type: 'editQueued'; key: string; body: string }
  | { type: 'editSaved'; message: ChatMessage }
  | { type: 'editFailed'; key: string; retryable: boolean; code?: string | undefined }
  | { type: 'editDropped'; key: string }
  | { type: 'read'; userId: string; readAt: string; selfId: string }
  | { type: 'session'; session: ChatSession; selfId: string }
  | { type: 'unreadCounted'; count: number };

export const emptyThread: ThreadState = {
  messages: [],
  outbox: [],
  edits: {},
  history: { cursor: null, loaded: false, loading: false, failed: false },
  reads: {},
  unread: 0,
  incoming: null,
  incomingSeq: 0,
};

/**
 * Whether a message the stream brings belongs to what is loaded: anything when nothing older is known or
 * the whole history is here; otherwise only from the oldest loaded message on (an older one comes with its page).
 */
function withinLoaded(state: ThreadState, message: ChatMessage): boolean {
  const oldest = state.messages[0];
  if (!oldest || (state.history.loaded && state.history.cursor === null)) return true;
  return before(message, oldest) >= 0;
}

/** One message in or updated (one per key); the outbox item and a saved edit of that key are done. */
function upsert(state: ThreadState, message: ChatMessage): ThreadState {
  const i = indexOfKey(state.messages, message.chatMessageKey);
  let messages = state.messages;
  if (i >= 0) {
    const kept = newer(messages[i], message);
    if (kept !== messages[i]) {
      messages = [...messages];
      messages[i] = kept;
    }
  } else if (withinLoaded(state, message)) {
    messages = mergeMessages(messages, [message]);
  }
  const outbox = state.outbox.some((o) => o.key === message.chatMessageKey)
    ? state.outbox.filter((o) => o.key !== message.chatMessageKey)
    : state.outbox;
  let edits = state.edits;
  const edit = edits[message.chatMessageKey];
  if (edit && edit.status === 'sending' && edit.body === message.messageBody)
    edits = omit(edits, message.chatMessageKey);
  return messages === state.messages && outbox === state.outbox && edits === state.edits
    ? state
    : { ...state, messages, outbox, edits };
}

function omit<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _dropped, ...rest } = record;
  return rest;
}

export function threadReducer(state: ThreadState, action: ThreadAction): ThreadState {
  switch (action.type) {
    case 'pageRequested':
      return {
        ...state,
        history: { cursor: state.history.cursor, loaded: state.history.loaded, loading: true, failed: false },
      };
    case 'pageLoaded': {
      const messages = mergeMessages(state.messages, action.items);
      const keys = new Set(action.items.map((m) => m.chatMessageKey));
      // The newest page refreshes where older pages continue only when nothing older was loaded yet.
      const cursor = action.newest && state.history.loaded ? state.history.cursor : action.cursor;
      return {
        ...state,
        messages,
        outbox: state.outbox.filter((o) => !keys.has(o.key)),
        history: { cursor, loaded: true, loading: false, failed: false },
      };
    }
    case 'pageFailed':
      return { ...state, history: { ...state.history, loading: false, failed: true, error: action.error } };
    case 'received': {
      const known = indexOfKey(state.messages, action.message.chatMessageKey) >= 0;
      const next = upsert(state, action.message);
      if (known || action.message.senderId === action.selfId) return next;
      // Someone else's new message: one more unread, and something to announce.
      return {
        ...next,
        unread: next.unread + 1,
        incoming: action.message,
        incomingSeq: next.incomingSeq + 1,
      };
    }
    case 'edited':
    case 'sent':
    case 'editSaved': {
      const next = upsert(state, action.message);
      if (action.type !== 'editSaved') return next;
      return action.message.chatMessageKey in next.edits
        ? { ...next, edits: omit(next.edits, action.message.chatMessageKey) }
        : next;
    }
    case 'queued':
      if (state.outbox.some((o) => o.key === action.key) || indexOfKey(state.messages, action.key) >= 0)
        return state;
      return {
        ...state,
        outbox: [
          ...state.outbox,
          {
            key: action.key,
            body: action.body,
            queuedAt: action.at,
            status: 'sending',
            retryable: false,
            attempts: 1,
          },
        ],
      };
    case 'sendFailed':
      return {
        ...state,
        outbox: state.outbox.map((o) =>
          o.key === action.key
            ? { ...o, status: 'failed', retryable: action.retryable, code: action.code }
            : o,
        ),
      };
    case 'retrying':
      return {
        ...state,
        outbox: state.outbox.map((o) =>
          o.key === action.key ? { ...o, status: 'sending', code: undefined, attempts: o.attempts + 1 } : o,
        ),
      };
    case 'discarded':
      return { ...state, outbox: state.outbox.filter((o) => o.key !== action.key || o.status === 'sending') };
    case 'editQueued': {
      if (indexOfKey(state.messages, action.key) < 0) return state;
      return {
        ...state,
        edits: { ...state.edits, [action.key]: { body: action.body, status: 'sending', retryable: false } },
      };
    }
    case 'editFailed': {
      const edit = state.edits[action.key];
      if (!edit) return state;
      return {
        ...state,
        edits: {
          ...state.edits,
          [action.key]: { ...edit, status: 'failed', retryable: action.retryable, code: action.code },
        },
      };
    }
    case 'editDropped':
      return action.key in state.edits ? { ...state, edits: omit(state.edits, action.key) } : state;
    case 'read': {
      const readAt = later(state.reads[action.userId], action.readAt);
      const reads =
        readAt === state.reads[action.userId] ? state.reads : { ...state.reads, [action.userId]: readAt! };
      // My own read (here or on another device): nothing of the others' is unread up to then.
      const unread =
        action.userId === action.selfId
          ? unreadAfter(state.messages, action.selfId, reads[action.selfId], state.unread)
          : state.unread;
      return reads === state.reads && unread === state.unread ? state : { ...state, reads, unread };
    }
    case 'session': {
      let reads = state.reads;
      for (const p of action.session.participants) {
        const readAt = later(reads[p.userId], p.lastReadAt);
        if (readAt !== reads[p.userId]) reads = { ...reads, [p.userId]: readAt! };
      }
      return reads === state.reads ? state : { ...state, reads };
    }
    case 'unreadCounted':
      return action.count === state.unread ? state : { ...state, unread: Math.max(0, action.count) };
  }
}

/**
 * My unread count after I read up to `readAt`: the others' loaded messages after it (the server's count
 * catches up with what is not loaded).
 */
function unreadAfter(
  messages: readonly ChatMessage[],
  selfId: string,
  readAt: string | undefined,
  current: number,
): number {
  if (!readAt) return current;
  const at = time(readAt);
  let n = 0;
  for (let i = messages.length - 1; i >= 0 && time(messages[i]!.sentAt) > at; i--)
    if (messages[i]!.senderId !== selfId) n++;
  return n;
}
