/**
 * The order and versions of confirmed messages: sorted by sentAt then key, one per chatMessageKey, the later
 * version (its latest edit, else when it was sent) winning. Pure.
 */
import type { ChatMessage } from '@tend/api/model';

export const time = (iso: string | null | undefined): number => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? 0 : t;
};

/** The version of a message: its latest edit, else when it was sent. The later version wins. */
const version = (m: ChatMessage): number => Math.max(time(m.sentAt), time(m.editedAt));

export const before = (a: ChatMessage, b: ChatMessage): number =>
  time(a.sentAt) - time(b.sentAt) ||
  (a.chatMessageKey < b.chatMessageKey ? -1 : a.chatMessageKey > b.chatMessageKey ? 1 : 0);

/** The newer of two versions of one message (the incoming one on a tie, unless it says the same). */
export function newer(existing: ChatMessage | undefined, incoming: ChatMessage): ChatMessage {
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

export const indexOfKey = (messages: readonly ChatMessage[], key: string): number => {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.chatMessageKey === key) return i;
  return -1;
};

/** The later of two instants (ISO), the one already known on a tie. */
export const later = (a: string | undefined, b: string | null | undefined): string | undefined =>
  b && (!a || time(b) > time(a)) ? b : a;
