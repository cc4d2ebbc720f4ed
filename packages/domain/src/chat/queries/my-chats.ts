/**
 * The therapist's open chats, a page at a time (listTherapistChatsV2 by its keyset cursor; every chat of the
 * older calls as one page when v2 is missing), read again every few seconds; the badge's counts from the same
 * cache (the server's unread total comes with every page, so no second full read).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getUnreadMessageCounts, listTherapistChats, listTherapistChatsV2 } from '@tend/api';
import type { ChatOverview, ChatOverviewList, ChatSession } from '@tend/api/model';
import { toProblem } from '@tend/core';
import { MY_CHATS_KEY } from '../hooks/cache.ts';
import { chatsOf, unreadOf, type MyChatPages } from '../model/my-chats.ts';
import { CHATS_POLL_MS } from './polling.ts';
import { useChatRequests } from './therapist.ts';

/** Chats per page: a tall screen's worth twice; the next page comes as the end of the list nears. */
export const MY_CHATS_PAGE_SIZE = 30;

/** Whether a failure means the operation is missing on this server (so the older one is used). */
const missingOperation = (error: unknown) => {
  const { source, status } = toProblem(error);
  return source === 'api' && (status === 404 || status === 405 || status === 501);
};

const V1_PAGE = 100;

/**
 * My open chats from the older calls: every page of listTherapistChats (by the keyset cursor; by skip from a
 * server that answers none), with the unread counts asked per 100, as one page with their total.
 */
export async function therapistChatsV1(): Promise<ChatOverviewList> {
  const sessions: ChatSession[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await listTherapistChats(
      cursor ? { paginationCursor: cursor, limit: V1_PAGE } : { skip: sessions.length, limit: V1_PAGE },
    );
    sessions.push(...page.items);
    if (page.items.length === 0 || sessions.length >= page.total) break;
    if (page.paginationCursor === null) break;
    cursor = page.paginationCursor;
  }
  const counts: Record<string, number> = {};
  for (let i = 0; i < sessions.length; i += 100) {
    const ids = sessions.slice(i, i + 100).map((s) => s.chatSessionId);
    Object.assign(counts, (await getUnreadMessageCounts({ channelIds: ids })).counts);
  }
  const items = sessions.map((session): ChatOverview => ({
    session,
    unreadCount: counts[session.chatSessionId] ?? 0,
    lastMessage: null,
  }));
  return {
    items,
    paginationCursor: null,
    unreadTotal: items.reduce((sum, i) => sum + i.unreadCount, 0),
  };
}

/**
 * My open chats with unread counts and last message, most recent activity first, in pages of `pageSize` by
 * the keyset cursor. `chats` is every loaded chat once; `unread` my unread messages across every open chat.
 */
export function useTherapistChats(pageSize = MY_CHATS_PAGE_SIZE) {
  const query = useInfiniteQuery<
    ChatOverviewList,
    Error,
    MyChatPages,
    typeof MY_CHATS_KEY,
    string | undefined
  >({
    queryKey: MY_CHATS_KEY,
    queryFn: async ({ pageParam, signal }) => {
      try {
        return await listTherapistChatsV2(
          { limit: pageSize, ...(pageParam ? { paginationCursor: pageParam } : {}) },
          undefined,
          signal,
        );
      } catch (error) {
        if (!pageParam && missingOperation(error)) return therapistChatsV1();
        throw error;
      }
    },
    initialPageParam: undefined,
    getNextPageParam: (last) => last.paginationCursor ?? undefined,
    refetchInterval: CHATS_POLL_MS,
  });
  const data = query.data;
  // Once per change of the pages, not on every render (the list re-renders on every scroll frame).
  const chats = useMemo(() => chatsOf(data), [data]);
  const unread = useMemo(() => unreadOf(data), [data]);
  return { ...query, chats, unread };
}

/** One of my chats as my list holds it (its session before the chat's stream is ready), if loaded. */
export function useMyChat(chatSessionId: string): ChatOverview | undefined {
  const { chats } = useTherapistChats();
  return chats.find((c) => c.session.chatSessionId === chatSessionId);
}

/**
 * The Chats badge's counts: the requests waiting (and their list, for the new-request alerts) and my unread
 * messages across every open chat, from the caches the chat pages read (no list of every chat is read for it).
 */
export function useChatsBadge() {
  const requests = useChatRequests();
  const { unread } = useTherapistChats();
  const items = requests.data?.items;
  return { requests: items, waiting: items?.length ?? 0, unread };
}
