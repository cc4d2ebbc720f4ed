/**
 * How the query cache follows the chat: what the stream and the mutations say is written into the cached
 * reads (setQueryData on the generated query keys); only the lists a change affects are asked again.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  getGetChatHistoryByUserIdQueryKey,
  getGetMyChatHistoryQueryKey,
  getGetMyChatStateQueryKey,
  getGetTherapistChatHistoryQueryKey,
  getListChatRequestsQueryKey,
  getListTherapistChatsV2QueryKey,
} from '@tend/api';
import type { ChatExists, ChatRequestList, ChatSession } from '@tend/api/model';
import type { ClosedReason } from '../model/connection.ts';
import { withoutChat, withSession, withUnread, type MyChatPages } from '../model/my-chats.ts';

export type ChatRole = 'patient' | 'therapist';

/** The therapist's open chats in pages (the infinite query's key; the generated key is its prefix). */
export const MY_CHATS_KEY = [...getListTherapistChatsV2QueryKey(), 'pages'] as const;

export const NO_CHAT: ChatExists = { exists: false, status: 'none', chatSessionId: null, requestId: null };

/** Whether a therapist has taken the chat (someone other than the patient takes part and has not left). */
export function acceptedBy(session: ChatSession): string[] {
  return session.participants
    .filter((p) => p.userId !== session.patientId && p.role !== 'patient' && !p.leftAt)
    .map((p) => p.name);
}

/** The patient's chat state as a session shows it. */
export function chatStateOf(session: ChatSession): ChatExists {
  if (session.status === 'ended') return NO_CHAT;
  return acceptedBy(session).length > 0
    ? { exists: true, status: 'open', chatSessionId: session.chatSessionId, requestId: session.chatSessionId }
    : { exists: true, status: 'requested', chatSessionId: null, requestId: session.chatSessionId };
}

export function withoutRequest(
  list: ChatRequestList | undefined,
  requestId: string,
): ChatRequestList | undefined {
  return list && { items: list.items.filter((r) => r.requestId !== requestId) };
}

/** The stream said the session changed. */
export function chatSessionChanged(
  queryClient: QueryClient,
  role: ChatRole,
  session: ChatSession,
  selfId?: string,
): void {
  if (role === 'patient') {
    queryClient.setQueryData(getGetMyChatStateQueryKey(), chatStateOf(session));
    if (session.status === 'ended')
      void queryClient.invalidateQueries({ queryKey: getGetMyChatHistoryQueryKey() });
    return;
  }
  queryClient.setQueryData<MyChatPages>(MY_CHATS_KEY, (data) => withSession(data, session, selfId));
  if (session.status === 'ended') {
    void queryClient.invalidateQueries({ queryKey: getGetTherapistChatHistoryQueryKey() });
    void queryClient.invalidateQueries({
      queryKey: getGetChatHistoryByUserIdQueryKey({ userId: session.patientId }),
    });
  }
}

/** The connection closed for good: the chat ended or is no longer mine. */
export function chatClosed(
  queryClient: QueryClient,
  role: ChatRole,
  sessionId: string,
  reason: ClosedReason,
): void {
  if (reason === 'stopped' || reason === 'revoked' || reason === 'unauthenticated') return;
  if (role === 'patient') {
    queryClient.setQueryData(getGetMyChatStateQueryKey(), NO_CHAT);
    void queryClient.invalidateQueries({ queryKey: getGetMyChatHistoryQueryKey() });
    return;
  }
  queryClient.setQueryData<MyChatPages>(MY_CHATS_KEY, (data) => withoutChat(data, sessionId));
  void queryClient.invalidateQueries({ queryKey: getListChatRequestsQueryKey() });
}

/** My unread count of one chat changed: the chat list shows it. */
export function chatUnreadChanged(
  queryClient: QueryClient,
  role: ChatRole,
  sessionId: string,
  count: number,
): void {
  if (role !== 'therapist') return;
  queryClient.setQueryData<MyChatPages>(MY_CHATS_KEY, (data) => withUnread(data, sessionId, count));
}
