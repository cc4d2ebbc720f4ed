// @tend/domain/safeguarding: an administrator's look-up of a patient's chats to review a safeguarding
// concern (getChatsByPatientEmail, with the reason the server logs) and the log of those look-ups
// (listSafeguardingLookups).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getChatsByPatientEmail,
  getListSafeguardingLookupsInfiniteQueryKey,
  useListSafeguardingLookupsInfinite,
} from '@tend/api';
import { getChatsByPatientEmailQueryReasonMax, getChatsByPatientEmailQueryReasonMin } from '@tend/api/zod';
import { useLoadedItems } from '../loadedItems.ts';

/** The reason's limits, the contract's (characters, once spaces are folded). */
export const REASON_MIN = getChatsByPatientEmailQueryReasonMin;
export const REASON_MAX = getChatsByPatientEmailQueryReasonMax;

/** The reason as the server keeps it: trimmed, inner runs of white space made one space. */
export function normaliseReason(reason: string): string {
  return reason.replace(/\s+/g, ' ').trim();
}

/**
 * Looks up a patient's chats by e-mail with a reason. It is an action (each one is logged), so a mutation,
 * never cached or retried by itself; the log is read again afterwards.
 */
export function useSafeguardingLookup() {
  const queryClient = useQueryClient();
  // Not the generated hook alone (a read generated as a query, asked for as an action and logged each time): see the package README, Data hooks.
  return useMutation({
    mutationFn: ({ email, reason }: { email: string; reason: string }) =>
      getChatsByPatientEmail(email.trim(), { reason: normaliseReason(reason) }),
    retry: false,
    onSettled: () =>
      void queryClient.invalidateQueries({
        queryKey: getListSafeguardingLookupsInfiniteQueryKey().slice(0, 2),
      }),
  });
}

/** The look-ups logged for the organisations the administrator runs (or one of them), newest first, paged. */
export function useSafeguardingLog(organisation?: string, pageSize = 50) {
  const query = useListSafeguardingLookupsInfinite(
    { pageSize, ...(organisation ? { organisation } : {}) },
    { query: { initialPageParam: undefined, getNextPageParam: (page) => page.lastPage ?? undefined } },
  );
  const pages = query.data?.pages;
  const entries = useLoadedItems(pages);
  return { ...query, entries };
}
