import { useMutation } from '@tanstack/react-query';
import { subscribeEmail, unsubscribeEmail, useUpdateEmailByJwt } from '@tend/api';

export type SubscriptionChange = 'subscribe' | 'unsubscribe';

/** Subscribes or unsubscribes an address: PUT /email/subscribe/{email} or /email/unsubscribe/{email}. */
export function useEmailSubscription(change: SubscriptionChange) {
  return useMutation({
    mutationKey: ['email', change],
    mutationFn: (email: string) => (change === 'subscribe' ? subscribeEmail(email) : unsubscribeEmail(email)),
  });
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
