/**
 * What the client and the views read off the thread: whether there is something to mark read, what to send
 * again when the connection is back, and the rows of the conversation. Pure.
 */
import type { ChatMessage } from '@tend/api/model';
import { time } from './messages.ts';
import type { OutboxItem, PendingEdit, ThreadState } from './thread.ts';

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
