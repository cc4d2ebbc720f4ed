import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getGetResearchConsentQueryKey, setResearchConsent, useGetResearchConsent } from '@tend/api';

/** GET /patient/research-consent: the research settings that apply to the patient, and their answer. */
export const useResearchConsent = () => useGetResearchConsent();

/** PUT /patient/research-consent: the answer becomes the cached consent. */
export function useAnswerResearchConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['research', 'consent'],
    mutationFn: (consented: boolean) => setResearchConsent({ consented }),
    onSuccess: (consent) => queryClient.setQueryData(getGetResearchConsentQueryKey(), consent),
  });
}
