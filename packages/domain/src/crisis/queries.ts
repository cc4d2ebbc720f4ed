import { useQueryClient } from '@tanstack/react-query';
import { getGetMyChatStateQueryKey, useRequestEmergencyChat as useRequestEmergencyChatCall } from '@tend/api';

/**
 * Asks the care team (or, without one, the clinicians on duty) for an urgent chat (requestEmergencyChat: first in every eligible therapist's queue,
 * the patient flagged high-risk; `{ data: { message } }`). The chat itself belongs to the chat subject; its state is refreshed.
 */
export function useRequestEmergencyChat() {
  const queryClient = useQueryClient();
  return useRequestEmergencyChatCall({
    mutation: {
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: getGetMyChatStateQueryKey() }),
    },
  });
}
