/**
 * The conversation as the client holds it: the messages it knows (one per chatMessageKey, in the order they
 * were sent), what it is still sending (the outbox: a message keeps its client-chosen key through every
 * retry, so a retried send never duplicates), edits on their way, how far back the history is loaded, who
 * has read up to when (read receipts from the server), and the unread count. Pure: `threadReducer` is the
 * only way it changes (exhaustively unit-tested in thread.test.ts).
 */
import type { ChatMessage, ChatSession } from '@tend/api/model';

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

const time = (iso: string | null | undefined): number => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? 0 : t;
};

/** The version of a message: its latest edit, else when it was sent. The later version wins. */
const version = (m: ChatMessage): number => Math.max(time(m.sentAt), time(m.editedAt));

const before = (a: ChatMessage, b: ChatMessage): number =>
  time(a.sentAt) - time(b.sentAt) ||
  (a.chatMessageKey < b.chatMessageKey ? -1 : a.chatMessageKey > b.chatMessageKey ? 1 : 0);

/** The newer of two versions of one message (the incoming one on a tie, unless it says the same). */
function newer(existing: ChatMessage | undefined, incoming: ChatMessage): ChatMessage {
  if (!existing) return incoming;
  const a = version(existing);
  const b = version(incoming);
  return a > b ||
    (a === b && existing.messageBody === incoming.messageBody && existing.senderName === incoming.senderName)
    ? existing
    : incoming;
}

/** The messages of both lists, one per key (the newer version), in order. */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const sorted = [...incoming].sort(before);
  // An older page (all of it before what is here) or newer messages (all after): no key can be in both,
  // since a message keeps its sentAt. Most merges are one of these: no map, no sort of the whole thread.
  if (current.length > 0 && unique(sorted)) {
    if (before(sorted.at(-1)!, current[0]!) < 0) return [...sorted, ...current];
    if (before(current.at(-1)!, sorted[0]!) < 0) return [...current, ...sorted];
  }
  const byKey = new Map<string, ChatMessage>();
  for (const m of current) byKey.set(m.chatMessageKey, m);
  for (const m of sorted) byKey.set(m.chatMessageKey, newer(byKey.get(m.chatMessageKey), m));
  // Sort with each instant parsed once.
  return [...byKey.values()]
    .map((m) => ({ m, t: time(m.sentAt) }))
    .sort(
      (a, b) =>
        a.t - b.t ||
        (a.m.chatMessageKey < b.m.chatMessageKey ? -1 : a.m.chatMessageKey > b.m.chatMessageKey ? 1 : 0),
    )
    .map((e) => e.m);
}

/** Whether a sorted list has each key once. */
function unique(sorted: readonly ChatMessage[]): boolean {
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i]!.chatMessageKey === sorted[i - 1]!.chatMessageKey) return false;
  return true;
}

const indexOfKey = (messages: readonly ChatMessage[], key: string): number => {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.chatMessageKey === key) return i;
  return -1;
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

const later = (a: string | undefined, b: string | null | undefined): string | undefined =>
  b && (!a || time(b) > time(a)) ? b : a;

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

/** Whether others wrote something I have not marked read (what the view marks read once it is seen). */
export function hasUnseen(state: ThreadState, selfId: string): boolean {
  if (state.unread > 0) return true;
  const mine = time(state.reads[selfId]);
  for (let i = state.messages.length - 1; i >= 0; i--) {
    const m = state.messages[i]!;
    if (m.senderId !== selfId) return time(m.sentAt) > mine;
  }
  return false;
}

/** The failed sends the network caused: sent again when the connection is back. */
export function retryableSends(state: ThreadState): OutboxItem[] {
  return state.outbox.filter((o) => o.status === 'failed' && o.retryable);
}

/** The failed edits the network caused. */
export function retryableEdits(state: ThreadState): Array<[string, PendingEdit]> {
  return Object.entries(state.edits).filter(([, e]) => e.status === 'failed' && e.retryable);
}

/** One row of the conversation as the view shows it. */
export type ThreadItem =
  | { kind: 'message'; key: string; message: ChatMessage; own: boolean; edit?: PendingEdit | undefined }
  | { kind: 'outbox'; key: string; item: OutboxItem; own: true };

// Row objects are kept per message (and outbox item), so an unchanged message keeps its row and the
// memoised row components of a long thread do not render again when a page is added.
const messageRows = new WeakMap<ChatMessage, { self: string; row: ThreadItem }>();
const outboxRows = new WeakMap<OutboxItem, ThreadItem>();

/** The rows: the confirmed messages in order, then what I am still sending, in the order I wrote it. */
export function threadItems(
  state: Pick<ThreadState, 'messages' | 'outbox' | 'edits'>,
  selfId: string,
): ThreadItem[] {
  const items: ThreadItem[] = state.messages.map((message) => {
    const edit = state.edits[message.chatMessageKey];
    if (edit)
      return {
        kind: 'message',
        key: message.chatMessageKey,
        message,
        own: message.senderId === selfId,
        edit,
      };
    const kept = messageRows.get(message);
    if (kept && kept.self === selfId) return kept.row;
    const row: ThreadItem = {
      kind: 'message',
      key: message.chatMessageKey,
      message,
      own: message.senderId === selfId,
      edit: undefined,
    };
    messageRows.set(message, { self: selfId, row });
    return row;
  });
  for (const item of state.outbox) {
    let row = outboxRows.get(item);
    if (!row) outboxRows.set(item, (row = { kind: 'outbox', key: item.key, item, own: true }));
    items.push(row);
  }
  return items;
}
