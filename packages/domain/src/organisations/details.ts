import { useQueryClient } from '@tanstack/react-query';
import {
  getGetOrganisationDetailsQueryKey,
  getGetOrganisationMergedQueryKey,
  getGetOrganisationUnmergedQueryKey,
  getOrganisationDetails,
  useGetOrganisationDetails,
  useIsEmailWhitelisted,
  useUpdateOrganisationDetails,
} from '@tend/api';
import type { OrganisationDetails, OrganisationDetailsPatch } from '@tend/api/model';

/** The organisation's own details (unset fields null: inherited), with their ETag. */
export function useOrganisationDetails(id: string) {
  return useGetOrganisationDetails(id);
}

/**
 * Saves a merge patch of the organisation's own details with the ETag they were read with (null = back to
 * inherited). The answer (the own details, new ETag) goes into the cache; the views that merge them are read
 * again. A 412 carries the stored own details (what the form edits).
 */
export function useSaveDetails(id: string) {
  const queryClient = useQueryClient();
  const mutation = useUpdateOrganisationDetails({
    mutation: {
      onSuccess: (saved) => {
        queryClient.setQueryData(getGetOrganisationDetailsQueryKey(id), saved);
        void queryClient.invalidateQueries({ queryKey: getGetOrganisationMergedQueryKey(id) });
        void queryClient.invalidateQueries({ queryKey: getGetOrganisationUnmergedQueryKey(id) });
      },
    },
  });
  return {
    save: (patch: OrganisationDetailsPatch, etag: string): Promise<OrganisationDetails> => mutation.mutateAsync({ organisation: id, data: patch, headers: { ETag: etag } }),
    reload: () => getOrganisationDetails(id),
  };
}

/** Which organisation (if any) admits an address by its domain; off until `email` is given. */
export function useWhitelistCheck(email: string | null) {
  return useIsEmailWhitelisted({ email: email ?? '' }, { query: { enabled: Boolean(email), staleTime: 0, retry: false } });
}
