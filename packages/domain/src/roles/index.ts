// @tend/domain/roles: who holds which scope in an organisation (listOrganisationRoles, paged), every scope
// the service knows (listAllScopes) and the signed-in person's own (getCurrentScopes). Read-only.
import { useGetCurrentScopes, useListAllScopes, useListOrganisationRolesInfinite } from '@tend/api';
import type { Scope } from '@tend/api/model';
import { useLoadedItems } from '../loadedItems.ts';

/** The people with a role in the organisation (its own and those held above it), by name, page by page. */
export function useOrganisationRoles(organisation: string, pageSize = 50) {
  const query = useListOrganisationRolesInfinite(
    organisation,
    { pageSize },
    {
      query: { initialPageParam: undefined, getNextPageParam: (page) => page.lastPage ?? undefined },
    },
  );
  const pages = query.data?.pages;
  const holders = useLoadedItems(pages);
  return { ...query, holders, patients: pages?.[0]?.patients ?? 0 };
}

/** Every scope, with the server's own description. */
export function useAllScopes() {
  return useListAllScopes({ query: { staleTime: 60 * 60_000 } });
}

/** The signed-in person's scopes in this session, and those their roles allow. */
export function useMyScopes() {
  return useGetCurrentScopes({ query: { staleTime: 5 * 60_000 } });
}

/** The scopes in the order the console explains them (most powerful first); unknown ones last, as given. */
export const SCOPE_ORDER: readonly Scope[] = [
  'org-admin',
  'therapist',
  'lead-therapist',
  'patient',
  'data-export',
];

export function sortScopes<T extends string>(scopes: readonly T[]): T[] {
  const rank = (s: string) => {
    const i = (SCOPE_ORDER as readonly string[]).indexOf(s);
    return i === -1 ? SCOPE_ORDER.length : i;
  };
  return [...scopes].sort((a, b) => rank(a) - rank(b));
}
