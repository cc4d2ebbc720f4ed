import { useQuery } from '@tanstack/react-query';
import { completeOpenIdLogin, useListOpenIdProviders } from '@tend/api';

/** What the provider's redirect brings back (`openid/{client}?state=…&code=…`). */
export interface OpenIdCallbackLink {
  clientID: string;
  state: string;
  code: string;
}

/**
 * Finishes an OpenID sign-in (POST /iams/openid/loginCallback), as a query keyed by the link: one request per
 * link however often the page renders or mounts (the state is single use), never retried by itself; a person
 * tries again with `refetch`. Disabled without a link.
 */
export function useOpenIdCallback(link: OpenIdCallbackLink | null) {
  return useQuery({
    queryKey: ['openid', 'login-callback', link?.clientID, link?.state, link?.code],
    queryFn: () => completeOpenIdLogin(link as OpenIdCallbackLink),
    enabled: link !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** The OpenID providers (clients) on offer, read once per visit. */
export function useOpenIdProviders({ enabled = true }: { enabled?: boolean } = {}) {
  return useListOpenIdProviders({ query: { enabled, staleTime: Infinity } });
}
