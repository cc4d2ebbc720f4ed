import { useQueryClient } from '@tanstack/react-query';
import { getGetResearchConsentQueryKey, useGetResearchConsent, useSetResearchConsent } from '@tend/api';

/** GET /patient/research-consent: the research settings that apply to the patient, and their answer. */
export const useResearchConsent = () => useGetResearchConsent();

/** PUT /patient/research-consent (`{ data: { consented } }`): the answer becomes the cached consent. */
export function useAnswerResearchConsent() {
  const queryClient = useQueryClient();
  return useSetResearchConsent({
    mutation: { onSuccess: (consent) => queryClient.setQueryData(getGetResearchConsentQueryKey(), consent) },
  });
}
