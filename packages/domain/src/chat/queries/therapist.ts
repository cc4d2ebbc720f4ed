/**
 * The therapist's chat reads and writes: requests (live by polling: the stream is per chat), accept, my chats
 * (v2 with unread counts, v1 when v2 is missing), invite, hand over, leave, end, claim lead, histories, the
 * patient's risk and eligible colleagues, token revocation (see ../queries.ts).
 */
import { useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  getGetChatHistoryByUserIdQueryKey,
  getGetPatientQueryKey,
  getGetTherapistChatHistoryQueryKey,
  getListChatRequestsQueryKey,
  getTherapistChatHistory,
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
import type { ChatHistory, ChatRequestList, EligibilityPurpose } from '@tend/api/model';
import { toProblem } from '@tend/core';
import { stopChatClients } from '../client/registry.ts';
import { MY_CHATS_KEY, withoutRequest } from '../hooks/cache.ts';
import { withNewChat, withSession, withoutPatient, type MyChatPages } from '../model/my-chats.ts';

import { REQUESTS_POLL_MS } from './polling.ts';
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
        queryClient.setQueryData<MyChatPages>(MY_CHATS_KEY, (data) => withNewChat(data, session));
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
        queryClient.setQueryData<MyChatPages>(MY_CHATS_KEY, (data) => withSession(data, session)),
    },
  });
}

/** After a call that takes the patient's chat out of mine (a hand-over, leaving it): drops it from my chats. */
const dropFromMyChats =
  (queryClient: QueryClient) =>
  (_answer: unknown, { patientId }: { patientId: string }) =>
    queryClient.setQueryData<MyChatPages>(MY_CHATS_KEY, (data) => withoutPatient(data, patientId));

/** Hands the patient's chat over to a colleague: it leaves my chats. */
export function useHandOverChat() {
  return useHandOverChatCall({ mutation: { onSuccess: dropFromMyChats(useQueryClient()) } });
}

/** Leaves the patient's chat (the last therapist leaving ends it). */
export function useLeaveChat() {
  return useLeavePatientChat({ mutation: { onSuccess: dropFromMyChats(useQueryClient()) } });
}

/** Ends the patient's chat for everyone. */
export function useEndPatientChat() {
  const queryClient = useQueryClient();
  return useEndPatientChatCall({
    mutation: {
      onSuccess: (_none, { patientId }) => {
        queryClient.setQueryData<MyChatPages>(MY_CHATS_KEY, (data) => withoutPatient(data, patientId));
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
