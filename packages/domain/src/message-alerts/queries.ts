import { useListMessageAlertsForUser } from '@tend/api';

/** The message alerts active now for the signed-in user (their scopes and organisation). */
export function useMessageAlertsForUser(enabled = true) {
  return useListMessageAlertsForUser(undefined, { query: { enabled, staleTime: 5 * 60_000 } });
}
