import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getGetMyChatStateQueryKey, requestEmergencyChat, useListMyTherapists } from '@tend/api';

/**
 * Whether the signed-in patient has a care team (listMyTherapists): the crisis panel then also offers an
 * emergency chat. Never blocks the panel: while loading or failing, the answer is simply "not known yet".
 */
export function useHasCareTeam(enabled = true) {
  const query = useListMyTherapists({ query: { enabled, staleTime: 5 * 60_000, retry: 1 } });
  return { hasCareTeam: (query.data?.items.length ?? 0) > 0, query };
}

/**
 * Asks the care team for an urgent chat (requestEmergencyChat: first in every eligible therapist's queue,
 * the patient flagged high-risk). The chat itself belongs to the chat subject; its state is refreshed.
 */
export function useRequestEmergencyChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => requestEmergencyChat({ message }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: getGetMyChatStateQueryKey() }),
  });
}
