import { useSubscribeEmail, useUnsubscribeEmail, useUpdateEmailByJwt } from '@tend/api';

export type SubscriptionChange = 'subscribe' | 'unsubscribe';

/**
 * Subscribes or unsubscribes an address: PUT /email/subscribe/{email} or /email/unsubscribe/{email}
 * (`{ email }`). Both hooks are called, so the hooks stay the same on every render.
 */
export function useEmailSubscription(change: SubscriptionChange) {
  const subscribe = useSubscribeEmail();
  const unsubscribe = useUnsubscribeEmail();
  return change === 'subscribe' ? subscribe : unsubscribe;
}

/**
 * Confirms an address by the JWT of its link (GET /email/update/jwt/{token}), once per token while the page
 * is open: never retried or refetched by itself (a person asks to try again with `refetch`).
 */
export function useEmailUpdateConfirmation(token: string) {
  return useUpdateEmailByJwt(token, {
    query: {
      enabled: token.length > 0,
      retry: false,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    },
  });
}
