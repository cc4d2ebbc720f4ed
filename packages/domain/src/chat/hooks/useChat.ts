/**
 * useChat: the chat client of one session for the signed-in person, wired to the generated calls and the
 * browser's EventSource, shared through the registry, and read with useSyncExternalStore. Session changes
 * the stream reports update the cached chat state and lists (cache.ts).
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  editChatMessage,
  getChatToken,
  getPatientChatToken,
  getUnreadMessageCounts,
  listChatMessages,
  markChatAsRead,
} from '@tend/api';
import type { ChatToken } from '@tend/api/model';
import { getRuntimeConfig } from '@tend/config/runtime';
import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  ChatClient,
  type ChatClientPorts,
  type ChatSnapshot,
  type EventSourceLike,
} from '../client/ChatClient.ts';
import { acquireChatClient } from '../client/registry.ts';
import { chatClosed, chatSessionChanged, chatUnreadChanged, type ChatRole } from './cache.ts';

/** The stream's address: the API root, the token's stream path, and where to resume. */
export function streamUrl(
  token: ChatToken,
  lastEventId: string | null,
  apiRoot = getRuntimeConfig().apiRoot,
): string {
  const base = /^https?:\/\//.test(token.streamUrl) ? token.streamUrl : `${apiRoot}${token.streamUrl}`;
  if (!lastEventId) return base;
  return `${base}${base.includes('?') ? '&' : '?'}lastEventId=${encodeURIComponent(lastEventId)}`;
}

/** The client's ports over the generated calls (the patient's token call or the therapist's). */
export function chatPorts(
  sessionId: string,
  role: ChatRole,
  selfId: string,
  queryClient: QueryClient,
): ChatClientPorts {
  return {
    sessionId,
    selfId,
    token: () => (role === 'patient' ? getPatientChatToken() : getChatToken({ chatRoomId: sessionId })),
    page: (params) => listChatMessages(sessionId, params),
    send: (key, body) => editChatMessage(sessionId, key, { messageBody: body }),
    markRead: () => markChatAsRead(sessionId),
    unread: async () => (await getUnreadMessageCounts({ channelIds: [sessionId] })).counts[sessionId],
    open: (token, lastEventId): EventSourceLike => new EventSource(streamUrl(token, lastEventId)),
    onSession: (session) => chatSessionChanged(queryClient, role, session, selfId),
    onClosed: (reason) => chatClosed(queryClient, role, sessionId, reason),
    onUnread: (count) => chatUnreadChanged(queryClient, role, sessionId, count),
  };
}

export interface UseChatOptions {
  role: ChatRole;
  /** The signed-in person's user id. */
  selfId: string | null | undefined;
  /** Load the conversation's history (the conversation view); without it only the connection and the count. */
  history?: boolean;
}

const noSubscribe = () => () => {};
const nothing = () => null;

/** The chat of `sessionId` (none while it is null): its client and its snapshot. */
export function useChat(
  sessionId: string | null | undefined,
  { role, selfId, history = false }: UseChatOptions,
): { client: ChatClient | null; snapshot: ChatSnapshot | null } {
  const queryClient = useQueryClient();
  const [client, setClient] = useState<ChatClient | null>(null);
  useEffect(() => {
    if (!sessionId || !selfId) return;
    const lease = acquireChatClient(
      `${role}:${selfId}:${sessionId}`,
      () => new ChatClient(chatPorts(sessionId, role, selfId, queryClient)),
    );
    setClient(lease.client);
    return () => {
      lease.release();
      setClient(null);
    };
  }, [sessionId, selfId, role, queryClient]);
  useEffect(() => {
    if (client && history) void client.loadNewest();
  }, [client, history]);
  const snapshot = useSyncExternalStore(
    client?.subscribe ?? noSubscribe,
    client?.getSnapshot ?? nothing,
    client?.getSnapshot ?? nothing,
  );
  return { client, snapshot };
}
