import { useListMessageAlertsForPublic, useListMessageAlertsForUser } from '@tend/api';

/** The message alerts active now for the signed-in user (their scopes and organisation). */
export function useMessageAlertsForUser(enabled = true) {
  return useListMessageAlertsForUser(undefined, { query: { enabled, staleTime: 5 * 60_000 } });
}

/**
 * The alerts the public site shows now (audience public, every organisation). No retries: a notice that
 * cannot be read is simply not shown, and the visitor's page is never held up by it.
 */
export function useMessageAlertsForPublic() {
  return useListMessageAlertsForPublic(undefined, { query: { staleTime: 5 * 60_000, retry: false } });
}
