import { useQueryClient } from '@tanstack/react-query';
import {
  getGetOrganisationMergedQueryKey,
  getGetOrganisationSubscriptionQueryKey,
  getGetOrganisationSubscriptionUnmergedQueryKey,
  getGetOrganisationUnmergedQueryKey,
  getListOrganisationsInfiniteQueryKey,
  useUpdateOrganisationSubscription,
} from '@tend/api';
import type { Subscription, SubscriptionPatch } from '@tend/api/model';

/** The organisation's own subscription after saving `values` (every field, null = inherited): the server answers the merged one. */
export function ownSubscription(values: Required<SubscriptionPatch>, merged: Subscription): Subscription {
  return { ...values, redemptions: merged.redemptions, etag: merged.etag };
}

/**
 * Saves the organisation's own subscription values with the ETag they were read with
 * (`{ organisation, data: values, headers: { ETag } }`). `values` names every field (null = no own value:
 * inherited), so what is stored afterwards is exactly `values`: the server answers the merged subscription,
 * whose ETag is that of the own values, and `ownSubscription(values, answer)` is the own one. Both go into
 * the cache; the organisation's views that show the subscription are read again.
 *
 * A 412 carries the merged subscription, but the form edits the organisation's own values: the stored copy
 * is taken off the failure, so the form reads the own one again (useOwnSubscription's refetch).
 */
export function useSaveSubscription() {
  const queryClient = useQueryClient();
  return useUpdateOrganisationSubscription({
    mutation: {
      onSuccess: (saved, { organisation: id, data }) => {
        queryClient.setQueryData(getGetOrganisationSubscriptionQueryKey(id), saved);
        queryClient.setQueryData(
          getGetOrganisationSubscriptionUnmergedQueryKey(id),
          ownSubscription(data as Required<SubscriptionPatch>, saved),
        );
        void queryClient.invalidateQueries({ queryKey: getGetOrganisationMergedQueryKey(id) });
        void queryClient.invalidateQueries({ queryKey: getGetOrganisationUnmergedQueryKey(id) });
      },
      onError: withoutStoredCopy,
    },
  });
}

/** A 412's `details.current` removed (it is the merged view, not what the form edits). */
function withoutStoredCopy(error: unknown): void {
  const e = error as { status?: unknown; details?: Record<string, unknown> } | null;
  if (e && e.status === 412 && e.details && 'current' in e.details) {
    const { current: _current, ...rest } = e.details;
    Object.defineProperty(e, 'details', { value: rest, configurable: true });
  }
}

/** The organisation lists (every level) after a change of names, state or children. */
export function useRefreshOrganisationLists() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ queryKey: getListOrganisationsInfiniteQueryKey().slice(0, 2) });
}
