/**
 * The therapist's chat reads and writes: requests (live by polling: the stream is per chat), accept, my chats
 * (v2 with unread counts, v1 when v2 is missing), invite, hand over, leave, end, claim lead, histories, the
 * patient's risk and eligible colleagues, token revocation (see ../queries.ts).
 */
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getGetChatHistoryByUserIdQueryKey,
  getGetPatientQueryKey,
  getGetTherapistChatHistoryQueryKey,
  getListChatRequestsQueryKey,
  getListTherapistChatsV2QueryKey,
  getTherapistChatHistory,
  getUnreadMessageCounts,
  listTherapistChats,
  listTherapistChatsV2,
  revokeChatTokens,
  useGetChatHistoryByUserId,
  useGetPatient,
  useListChatRequests,
  useAcceptChatRequest as useAcceptChatRequestCall,
  useClaimLead as useClaimLeadCall,
  useEndPatientChat as useEndPatientChatCall,
  useHandOverChat as useHandOverChatCall,
  useInviteTherapistToChat,
  useLeavePatientChat,
  useListEligibleTherapists,
} from '@tend/api';
import type {
  ChatHistory,
  ChatOverview,
  ChatOverviewList,
  ChatRequestList,
  ChatSession,
  EligibilityPurpose,
} from '@tend/api/model';
import { toProblem } from '@tend/core';
import { stopChatClients } from '../client/registry.ts';
import { withSession, withoutPatient, withoutRequest } from '../hooks/cache.ts';

import { CHATS_POLL_MS, REQUESTS_POLL_MS } from './polling.ts';
import { revokeMyChatTokens } from './patient.ts';

// ── therapist ───────────────────────────────────────────────────────────────────────────────────────

/** The requests I may accept, emergency first then oldest first, read again every few seconds. */
export function useChatRequests() {
  return useListChatRequests(undefined, {
    query: { refetchInterval: REQUESTS_POLL_MS, refetchIntervalInBackground: true },
  });
}

/** Accepts a request: it leaves the queue and the chat joins my chats. */
export function useAcceptChatRequest() {
  const queryClient = useQueryClient();
  return useAcceptChatRequestCall({
    mutation: {
      onSuccess: (session, { requestId }) => {
        queryClient.setQueryData<ChatRequestList>(getListChatRequestsQueryKey(), (list) =>
          withoutRequest(list, requestId),
        );
        queryClient.setQueryData<ChatOverviewList>(getListTherapistChatsV2QueryKey(), (list) =>
          list && !list.items.some((i) => i.session.chatSessionId === session.chatSessionId)
            ? { items: [{ session, unreadCount: 0, lastMessage: null }, ...list.items] }
            : list,
        );
      },
      onError: (error, { requestId }) => {
        // Taken by a colleague or withdrawn: it is no longer in the queue.
        const { kind } = toProblem(error);
        if (kind === 'conflict' || kind === 'notFound') {
          queryClient.setQueryData<ChatRequestList>(getListChatRequestsQueryKey(), (list) =>
            withoutRequest(list, requestId),
          );
        }
      },
    },
  });
}

/** Whether a failure means the operation is missing on this server (so the older one is used). */
const missingOperation = (error: unknown) => {
  const { source, status } = toProblem(error);
  return source === 'api' && (status === 404 || status === 405 || status === 501);
};

const V1_PAGE = 100;

/**
 * My open chats from the older calls: every page of listTherapistChats (by the keyset cursor; by skip from a
 * server that answers none), with the unread counts asked per 100.
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
  return {
    items: sessions.map((session): ChatOverview => ({
      session,
      unreadCount: counts[session.chatSessionId] ?? 0,
      lastMessage: null,
    })),
  };
}

/** My open chats with unread counts and last message (listTherapistChatsV2; listTherapistChats when v2 is missing). */
export function useTherapistChats() {
  return useQuery({
    queryKey: getListTherapistChatsV2QueryKey(),
    queryFn: async ({ signal }) => {
      try {
        return await listTherapistChatsV2(undefined, undefined, signal);
      } catch (error) {
        if (missingOperation(error)) return therapistChatsV1();
        throw error;
      }
    },
    refetchInterval: CHATS_POLL_MS,
  });
}

/** My chat history (ended chats, newest first, with messages), in pages of `limit`. */
export function useTherapistChatHistory(limit = 20) {
  return useInfiniteQuery({
    queryKey: [...getGetTherapistChatHistoryQueryKey(), 'pages', limit],
    queryFn: ({ pageParam, signal }) =>
      getTherapistChatHistory({ skip: pageParam, limit }, undefined, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.sessions.length < limit ? undefined : pages.length * limit),
  });
}

/** Every chat of a patient of mine (newest first, with messages). */
export function usePatientChatHistory(patientId: string) {
  return useGetChatHistoryByUserId({ userId: patientId }, { query: { enabled: Boolean(patientId) } });
}

/** The patient of a chat (name, risk, care team with the lead): the conversation's header. */
export function useChatPatient(patientId: string | undefined) {
  return useGetPatient(patientId ?? '', { query: { enabled: Boolean(patientId), retry: false } });
}

/** Colleagues who may join (invite) or take over (handover) a patient's chat. */
export function useEligibleTherapists(patientId: string, purpose: EligibilityPurpose, enabled: boolean) {
  return useListEligibleTherapists(
    patientId,
    { purpose },
    { query: { enabled: enabled && Boolean(patientId) } },
  );
}

/** Invites a colleague into the patient's chat (lead only). */
export function useInviteTherapist() {
  const queryClient = useQueryClient();
  return useInviteTherapistToChat({
    mutation: {
      onSuccess: (session) =>
        queryClient.setQueryData<ChatOverviewList>(getListTherapistChatsV2QueryKey(), (list) =>
          withSession(list, session),
        ),
    },
  });
}

/** Hands the patient's chat over to a colleague: it leaves my chats. */
export function useHandOverChat() {
  const queryClient = useQueryClient();
  return useHandOverChatCall({
    mutation: {
      onSuccess: (_session, { patientId }) =>
        queryClient.setQueryData<ChatOverviewList>(getListTherapistChatsV2QueryKey(), (list) =>
          withoutPatient(list, patientId),
        ),
    },
  });
}

/** Leaves the patient's chat (the last therapist leaving ends it). */
export function useLeaveChat() {
  const queryClient = useQueryClient();
  return useLeavePatientChat({
    mutation: {
      onSuccess: (_none, { patientId }) =>
        queryClient.setQueryData<ChatOverviewList>(getListTherapistChatsV2QueryKey(), (list) =>
          withoutPatient(list, patientId),
        ),
    },
  });
}

/** Ends the patient's chat for everyone. */
export function useEndPatientChat() {
  const queryClient = useQueryClient();
  return useEndPatientChatCall({
    mutation: {
      onSuccess: (_none, { patientId }) => {
        queryClient.setQueryData<ChatOverviewList>(getListTherapistChatsV2QueryKey(), (list) =>
          withoutPatient(list, patientId),
        );
        void queryClient.invalidateQueries({ queryKey: getGetTherapistChatHistoryQueryKey() });
        void queryClient.invalidateQueries({
          queryKey: getGetChatHistoryByUserIdQueryKey({ userId: patientId }),
        });
      },
    },
  });
}

/** Becomes the patient's lead therapist (when they have none). */
export function useClaimLead() {
  const queryClient = useQueryClient();
  return useClaimLeadCall({
    mutation: {
      onSuccess: (_assignment, { patientIdOrEmail }) =>
        void queryClient.invalidateQueries({ queryKey: getGetPatientQueryKey(patientIdOrEmail) }),
    },
  });
}

/** Revokes my chat tokens (sign-out): every open stream of mine closes. */
export const revokeTherapistChatTokens = () => revokeChatTokens();

/**
 * What chat does when a session ends (for @tend/auth's beforeSignOut): stop every chat of the page, then
 * revoke my chat tokens (streams of mine anywhere close; other tabs of mine ask for new ones).
 */
export function chatSignOutStep(role: 'patient' | 'therapist'): () => Promise<void> {
  return async () => {
    stopChatClients();
    await (role === 'patient' ? revokeMyChatTokens() : revokeTherapistChatTokens());
  };
}

/** Past sessions of a history answer, ended ones only, newest first. */
export const pastSessions = (history: ChatHistory | undefined) =>
  (history?.sessions ?? []).filter((s) => s.status === 'ended');
