import { useIsEmailWhitelisted } from '@tend/api';

/** Which organisation (if any) admits an address by its domain; off until `email` is given. */
export function useWhitelistCheck(email: string | null) {
  return useIsEmailWhitelisted(
    { email: email ?? '' },
    { query: { enabled: Boolean(email), staleTime: 0, retry: false } },
  );
}
