/** The patient's chat reads and writes: chat state, request, end, history, token revocation (see ../queries.ts). */
import { useQueryClient } from '@tanstack/react-query';
import {
  getGetMyChatHistoryQueryKey,
  getGetMyChatStateQueryKey,
  revokePatientChatToken,
  useGetMyChatHistory,
  useGetMyChatState,
  useEndMyChat as useEndMyChatCall,
  useRequestChat as useRequestChatCall,
} from '@tend/api';
import type { ChatExists } from '@tend/api/model';
import { toProblem } from '@tend/core';
import { NO_CHAT } from '../hooks/cache.ts';

import { CHAT_STATE_POLL_MS } from './polling.ts';

// ── patient ─────────────────────────────────────────────────────────────────────────────────────────

/** Whether I have an open chat or a request waiting (the one open chat: its session id or request id). */
export function useMyChatState() {
  return useGetMyChatState(undefined, { query: { refetchInterval: CHAT_STATE_POLL_MS } });
}

/** The chat session to follow for my state: the open chat, or the request (its id is the session's). */
export const chatIdOf = (state: ChatExists | undefined): string | null =>
  state && state.status !== 'none' ? (state.chatSessionId ?? state.requestId ?? null) : null;

/** Asks my therapists for a chat with a first message; the state becomes "waiting". */
export function useRequestChat() {
  const queryClient = useQueryClient();
  return useRequestChatCall({
    mutation: {
      onSuccess: (request) => {
        queryClient.setQueryData<ChatExists>(getGetMyChatStateQueryKey(), {
          exists: true,
          status: 'requested',
          chatSessionId: null,
          requestId: request.requestId,
        });
      },
      // A chat or request is open already (another tab, the crisis panel): show that one.
      onError: (error) => {
        if (toProblem(error).code === 'chat_exists')
          void queryClient.invalidateQueries({ queryKey: getGetMyChatStateQueryKey() });
      },
    },
  });
}

/** Asks for a chat now (the crisis panel's "talk to someone now"): the crisis subject's call. */
export { useRequestEmergencyChat } from '../../crisis/queries.ts';

/** Ends my chat (or withdraws my request). */
export function useEndMyChat() {
  const queryClient = useQueryClient();
  return useEndMyChatCall({
    mutation: {
      onSuccess: () => {
        queryClient.setQueryData<ChatExists>(getGetMyChatStateQueryKey(), NO_CHAT);
        void queryClient.invalidateQueries({ queryKey: getGetMyChatHistoryQueryKey() });
      },
    },
  });
}

/** My past (and current) conversations, newest first, with their messages. */
export function useMyChatHistory() {
  return useGetMyChatHistory();
}

/** Revokes my chat tokens (sign-out): every open stream of mine closes. */
export const revokeMyChatTokens = () => revokePatientChatToken();
