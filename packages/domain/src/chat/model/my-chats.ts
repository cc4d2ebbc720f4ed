/**
 * The therapist's open chats as the cache holds them: the pages read so far (listTherapistChatsV2 by its
 * keyset cursor), each with the server's `unreadTotal` (every open chat's unread messages, not only the loaded
 * ones). Each change maps over every page and keeps the pages' other fields; the total follows a chat's unread
 * count and a chat leaving the list.
 */
import type { InfiniteData } from '@tanstack/react-query';
import type { ChatOverview, ChatOverviewList, ChatSession } from '@tend/api/model';

export type MyChatPages = InfiniteData<ChatOverviewList, string | undefined>;

/** Every loaded chat once, in the server's order (a chat that moved between two reads is kept at its first place). */
export function chatsOf(data: MyChatPages | undefined): ChatOverview[] {
  const seen = new Set<string>();
  const chats: ChatOverview[] = [];
  for (const page of data?.pages ?? [])
    for (const item of page.items)
      if (!seen.has(item.session.chatSessionId)) {
        seen.add(item.session.chatSessionId);
        chats.push(item);
      }
  return chats;
}

/** My unread messages across every open chat: the server's total, else (an older server) the loaded chats' sum. */
export function unreadOf(data: MyChatPages | undefined): number {
  const total = data?.pages[0]?.unreadTotal;
  if (total !== undefined) return total;
  return chatsOf(data).reduce((sum, c) => sum + c.unreadCount, 0);
}

/** Every page's items changed by `change` (null drops a chat), the unread total moved by the difference. */
function mapChats(
  data: MyChatPages | undefined,
  change: (item: ChatOverview) => ChatOverview | null,
): MyChatPages | undefined {
  if (!data) return data;
  let delta = 0;
  let changed = false;
  const seen = new Set<string>();
  const pages = data.pages.map((page) => {
    let pageChanged = false;
    const items = page.items.flatMap((item) => {
      const next = change(item);
      if (next === item) return [item];
      pageChanged = true;
      // A chat shown on two pages (it moved between reads) counts once in the total.
      const first = !seen.has(item.session.chatSessionId);
      seen.add(item.session.chatSessionId);
      if (first) delta += (next?.unreadCount ?? 0) - item.unreadCount;
      return next ? [next] : [];
    });
    if (!pageChanged) return page;
    changed = true;
    return { ...page, items };
  });
  if (!changed) return data;
  return {
    ...data,
    pages: pages.map((page) =>
      delta !== 0 && page.unreadTotal !== undefined
        ? { ...page, unreadTotal: Math.max(0, page.unreadTotal + delta) }
        : page,
    ),
  };
}

/** My chats after one chat's session changed (it leaves the list once it ended or I left). */
export function withSession(
  data: MyChatPages | undefined,
  session: ChatSession,
  selfId?: string,
): MyChatPages | undefined {
  const mine = selfId === undefined || session.participants.some((p) => p.userId === selfId && !p.leftAt);
  if (session.status === 'ended' || !mine) return withoutChat(data, session.chatSessionId);
  return mapChats(data, (i) => (i.session.chatSessionId === session.chatSessionId ? { ...i, session } : i));
}

/** My chats without one chat. */
export function withoutChat(data: MyChatPages | undefined, chatSessionId: string): MyChatPages | undefined {
  return mapChats(data, (i) => (i.session.chatSessionId === chatSessionId ? null : i));
}

/** My chats without the patient's chat (a patient has one open chat at most). */
export function withoutPatient(data: MyChatPages | undefined, patientId: string): MyChatPages | undefined {
  return mapChats(data, (i) => (i.session.patientId === patientId ? null : i));
}

/** My chats with one chat's unread count (the total follows). */
export function withUnread(
  data: MyChatPages | undefined,
  chatSessionId: string,
  count: number,
): MyChatPages | undefined {
  return mapChats(data, (i) =>
    i.session.chatSessionId === chatSessionId && i.unreadCount !== count ? { ...i, unreadCount: count } : i,
  );
}

/** My chats with a chat I just took (at the top of the first page), unless it is already there. */
export function withNewChat(data: MyChatPages | undefined, session: ChatSession): MyChatPages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((p) => p.items.some((i) => i.session.chatSessionId === session.chatSessionId)))
    return data;
  const [first, ...rest] = data.pages;
  const item: ChatOverview = { session, unreadCount: 0, lastMessage: null };
  return { ...data, pages: [{ ...first!, items: [item, ...first!.items] }, ...rest] };
}
