import {
  useGetOrganisationMerged,
  useGetOrganisationSubscriptionUnmerged,
  useGetOrganisationUnmerged,
  useGetCurrentScopes,
  useListOrganisationsInfinite,
  useSearchOrganisations,
} from '@tend/api';
import { useLoadedItems } from '../loadedItems.ts';

export const ORGANISATION_PAGE_SIZE = 50;

/**
 * One level of the organisation tree, page by page with the contract's `lastPage` cursor: the top of the
 * administrator's tree (`parent` null: the organisations whose parent they do not administer) or the children
 * of `parent`. `organisations` is every loaded row once.
 */
export function useOrganisationLevel(parent: string | null, pageSize = ORGANISATION_PAGE_SIZE) {
  const params = parent ? { parentOrganisation: parent, pageSize } : { topLevel: true, pageSize };
  const query = useListOrganisationsInfinite(params, {
    query: {
      initialPageParam: undefined,
      getNextPageParam: (page) => page.lastPage ?? undefined,
      staleTime: 30_000,
    },
  });
  const pages = query.data?.pages;
  const organisations = useLoadedItems(pages);
  return { ...query, organisations };
}

/** Organisations the administrator administers whose name or id contains `term` (at most 50; off while blank). */
export function useOrganisationSearch(term: string) {
  const trimmed = term.trim();
  return useSearchOrganisations(
    { term: trimmed },
    { query: { enabled: trimmed.length > 0, staleTime: 30_000, placeholderData: (previous) => previous } },
  );
}

/**
 * An organisation as its page shows it: the merged view (what is in effect) and its own values (what it sets
 * itself), read together. A 404 means "not one you administer" (the server does not say whether it exists).
 */
export function useOrganisation(id: string | undefined) {
  const enabled = Boolean(id);
  const merged = useGetOrganisationMerged(id ?? '', { query: { enabled, retry: retryUnlessRefused } });
  const own = useGetOrganisationUnmerged(id ?? '', { query: { enabled, retry: retryUnlessRefused } });
  return {
    merged: merged.data,
    own: own.data,
    isPending: merged.isPending || own.isPending,
    error: merged.error ?? own.error,
    refetch: () => Promise.all([merged.refetch(), own.refetch()]),
  };
}

/** The organisation's own subscription values (null fields: inherited). */
export function useOwnSubscription(id: string) {
  return useGetOrganisationSubscriptionUnmerged(id);
}

/** Whether the signed-in administrator administers every organisation (a platform administrator). */
export function useIsPlatformAdmin() {
  const scopes = useGetCurrentScopes({ query: { staleTime: 5 * 60_000 } });
  return scopes.data?.platformAdmin === true;
}

/** A refusal (403/404) is an answer, not a failure to retry. */
function retryUnlessRefused(failures: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 403 || status === 404 || status === 401) return false;
  return failures < 2;
}
