/**
 * Read receipts from the server's read state: each other participant has read everything up to their
 * `lastReadAt` (the `read` events and the session's participants carry it, the same on every device and every
 * server instance). A receipt is shown once per reader, under the newest of my messages they have read.
 */
import type { ChatMessage, ChatParticipant } from '@tend/api/model';

const time = (iso: string | null | undefined): number => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
};

export interface Receipt {
  userId: string;
  name: string;
}

/**
 * chatMessageKey of my message → who read up to it (each reader once, on the newest of my messages sent at
 * or before their read instant). Readers are the other participants, in the session's order.
 */
export function readReceipts(
  messages: readonly ChatMessage[],
  selfId: string,
  participants: readonly Pick<ChatParticipant, 'userId' | 'name'>[],
  reads: Readonly<Record<string, string>>,
): Map<string, Receipt[]> {
  const receipts = new Map<string, Receipt[]>();
  const mine = messages.filter((m) => m.senderId === selfId);
  if (mine.length === 0) return receipts;
  for (const p of participants) {
    if (p.userId === selfId) continue;
    const readAt = time(reads[p.userId]);
    if (readAt === Number.NEGATIVE_INFINITY) continue;
    let target: ChatMessage | undefined;
    for (let i = mine.length - 1; i >= 0; i--) {
      if (time(mine[i]!.sentAt) <= readAt) {
        target = mine[i];
        break;
      }
    }
    if (!target) continue;
    const list = receipts.get(target.chatMessageKey) ?? [];
    list.push({ userId: p.userId, name: p.name });
    receipts.set(target.chatMessageKey, list);
  }
  return receipts;
}

/** Whether someone other than me has read this message of mine. */
export function readBySomeone(
  message: ChatMessage,
  selfId: string,
  reads: Readonly<Record<string, string>>,
): boolean {
  const sent = time(message.sentAt);
  return Object.entries(reads).some(([userId, at]) => userId !== selfId && time(at) >= sent);
}
