import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getGetMyChatStateQueryKey, requestEmergencyChat } from '@tend/api';

/**
 * Asks the care team (or, without one, the clinicians on duty) for an urgent chat (requestEmergencyChat: first in every eligible therapist's queue,
 * the patient flagged high-risk). The chat itself belongs to the chat subject; its state is refreshed.
 */
export function useRequestEmergencyChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => requestEmergencyChat({ message }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: getGetMyChatStateQueryKey() }),
  });
}
