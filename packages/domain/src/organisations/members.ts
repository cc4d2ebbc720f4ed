import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  findPatientForOrganisation,
  getGetOrganisationMergedQueryKey,
  getGetOrganisationSubscriptionQueryKey,
  getGetOrganisationUnmergedQueryKey,
  useAddPatientToOrganisation,
} from '@tend/api';
import type { OrganisationPatientMatch } from '@tend/api/model';

/**
 * Finds a patient by e-mail address to add to the organisation (findPatientForOrganisation): only patients
 * of organisations the administrator runs are found; a 404 means "none of yours has this address". A
 * mutation, not a cached query: each look-up is asked afresh and logged by the server.
 */
export function useFindPatient(organisation: string) {
  // Not the generated hook alone (a read generated as a query, asked for as an action and logged each time): see the package README, Data hooks.
  return useMutation({
    mutationFn: (email: string): Promise<OrganisationPatientMatch> =>
      findPatientForOrganisation(organisation, { email: email.trim() }),
  });
}

/**
 * Adds (or moves) a patient to the organisation (addPatientToOrganisation: one place used; 409 when none is
 * left or the organisation is disabled; `{ organisation, patient }`). The organisation's views, which count the places, are read again.
 */
export function useAddPatient() {
  const queryClient = useQueryClient();
  return useAddPatientToOrganisation({
    mutation: {
      onSuccess: (_membership, { organisation }) => {
        for (const key of [
          getGetOrganisationMergedQueryKey(organisation),
          getGetOrganisationUnmergedQueryKey(organisation),
          getGetOrganisationSubscriptionQueryKey(organisation),
        ]) {
          void queryClient.invalidateQueries({ queryKey: key });
        }
      },
    },
  });
}
