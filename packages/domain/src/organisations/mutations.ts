import { useQueryClient } from '@tanstack/react-query';
import {
  getGetOrganisationMergedQueryKey,
  getGetOrganisationSubscriptionQueryKey,
  getGetOrganisationSubscriptionUnmergedQueryKey,
  getGetOrganisationUnmergedQueryKey,
  getListOrganisationsInfiniteQueryKey,
  getOrganisationSubscriptionUnmerged,
  useUpdateOrganisationSubscription,
} from '@tend/api';
import type { Subscription, SubscriptionPatch } from '@tend/api/model';

/**
 * Saves the organisation's own subscription values with the ETag they were read with. `values` names every
 * field (null = no own value: inherited), so what is stored afterwards is exactly `values`: the answer is the
 * organisation's own subscription (the server answers the merged one, whose ETag is that of the own values).
 * Both go into the cache; the organisation's views that show the subscription are refreshed.
 *
 * A 412 carries the merged subscription, but the form edits the organisation's own values: the stored
 * version the conflict view needs is the own one, read again by `reloadOwn`.
 */
export function useSaveSubscription(id: string) {
  const queryClient = useQueryClient();
  const mutation = useUpdateOrganisationSubscription({
    mutation: {
      onSuccess: (saved) => {
        queryClient.setQueryData(getGetOrganisationSubscriptionQueryKey(id), saved);
        void queryClient.invalidateQueries({ queryKey: getGetOrganisationMergedQueryKey(id) });
        void queryClient.invalidateQueries({ queryKey: getGetOrganisationUnmergedQueryKey(id) });
      },
    },
  });
  const save = async (values: Required<SubscriptionPatch>, etag: string): Promise<Subscription> => {
    let merged: Subscription;
    try {
      merged = await mutation.mutateAsync({ organisation: id, data: values, headers: { ETag: etag } });
    } catch (error) {
      throw withoutStoredCopy(error);
    }
    const own: Subscription = { ...values, redemptions: merged.redemptions, etag: merged.etag };
    queryClient.setQueryData(getGetOrganisationSubscriptionUnmergedQueryKey(id), own);
    return own;
  };
  const reloadOwn = async () => {
    const own = await getOrganisationSubscriptionUnmerged(id);
    queryClient.setQueryData(getGetOrganisationSubscriptionUnmergedQueryKey(id), own);
    return own;
  };
  return { save, reloadOwn, pending: mutation.isPending };
}

/** A 412's `details.current` removed (it is the merged view, not what the form edits). */
function withoutStoredCopy(error: unknown): unknown {
  const e = error as { status?: unknown; details?: Record<string, unknown> } | null;
  if (e && e.status === 412 && e.details && 'current' in e.details) {
    const { current: _current, ...rest } = e.details;
    Object.defineProperty(e, 'details', { value: rest, configurable: true });
  }
  return error;
}

/** The organisation lists (every level) after a change of names, state or children. */
export function useRefreshOrganisationLists() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({ queryKey: getListOrganisationsInfiniteQueryKey().slice(0, 2) });
}
