import { useEffect, useMemo } from 'react';
import { useGetMyOrganisation } from '@tend/api';
import { OFFER_EVERYTHING, offeredOf, rememberOffered, rememberedOffered, type Offered } from './model.ts';

/** How often an open app asks again, so an administrator's change reaches it within a minute. */
export const OFFERED_REFRESH_MS = 45_000;

const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;

/**
 * What the signed-in person's organisation offers (getMyOrganisation: its merged app settings, with
 * inheritance): asked again every 45 seconds and when the window regains focus. Until the first answer, and
 * while offline or the server is down, the last answer kept on this device for this person; a person with
 * no organisation (404) is offered everything with the built-in crisis lines.
 */
export function useOffered(uid: string | undefined): Offered & { known: boolean } {
  const query = useGetMyOrganisation({
    query: {
      enabled: !!uid,
      refetchInterval: OFFERED_REFRESH_MS,
      refetchOnWindowFocus: true,
      staleTime: 15_000,
      retry: 1,
    },
  });
  const noOrganisation = statusOf(query.error) === 404;
  const fresh = useMemo(
    () => (query.data ? offeredOf(query.data.appSettings) : noOrganisation ? OFFER_EVERYTHING : undefined),
    [query.data, noOrganisation],
  );
  useEffect(() => {
    if (uid && fresh) rememberOffered(uid, fresh);
  }, [uid, fresh]);
  const offered = fresh ?? rememberedOffered(uid);
  return { ...(offered ?? OFFER_EVERYTHING), known: !!offered };
}
