import { useQueryClient } from '@tanstack/react-query';
import {
  getGetOrganisationMergedQueryKey,
  getGetOrganisationUnmergedQueryKey,
  getListOrganisationsInfiniteQueryKey,
  useCreateOrganisation as useCreateOrganisationCall,
  useDisableOrganisation as useDisableOrganisationCall,
  useEnableOrganisation as useEnableOrganisationCall,
  useRegenerateOrganisationAccessCode,
} from '@tend/api';
import type { CreateOrganisationRequest, Organisation } from '@tend/api/model';

/** Every level of the organisation list (names, states and children change with these calls). */
const listsKey = () => getListOrganisationsInfiniteQueryKey().slice(0, 2);

/**
 * Creates an organisation (with its first administrator when given); answers its id. The lists are read
 * again (the new row belongs somewhere in the tree, in name order).
 */
export function useCreateOrganisation() {
  const queryClient = useQueryClient();
  const mutation = useCreateOrganisationCall({
    mutation: { onSuccess: () => void queryClient.invalidateQueries({ queryKey: listsKey() }) },
  });
  return {
    create: (body: CreateOrganisationRequest, maxRedemptions: number) =>
      mutation.mutateAsync({ data: body, params: { maxRedemptions } }),
    pending: mutation.isPending,
  };
}

/** The organisation the server answered becomes the merged view; the own view and the lists are read again. */
function useAfterStateChange(id: string) {
  const queryClient = useQueryClient();
  return (organisation: Organisation) => {
    queryClient.setQueryData(getGetOrganisationMergedQueryKey(id), organisation);
    void queryClient.invalidateQueries({ queryKey: getGetOrganisationUnmergedQueryKey(id) });
    void queryClient.invalidateQueries({ queryKey: listsKey() });
  };
}

/** Enables the organisation, optionally with a number of places (maxRedemptions). */
export function useEnableOrganisation(id: string) {
  const after = useAfterStateChange(id);
  const mutation = useEnableOrganisationCall({ mutation: { onSuccess: after } });
  return {
    enable: (maxRedemptions?: number) =>
      mutation.mutateAsync({
        organisation: id,
        ...(maxRedemptions === undefined ? {} : { params: { maxRedemptions } }),
      }),
    pending: mutation.isPending,
  };
}

/** Disables the organisation: its access codes and address list stop admitting patients. */
export function useDisableOrganisation(id: string) {
  const after = useAfterStateChange(id);
  const mutation = useDisableOrganisationCall({ mutation: { onSuccess: after } });
  return { disable: () => mutation.mutateAsync({ organisation: id }), pending: mutation.isPending };
}

/** A new access code for the organisation (the old one stops working at once); the views show the new one. */
export function useRegenerateAccessCode(id: string) {
  const queryClient = useQueryClient();
  const mutation = useRegenerateOrganisationAccessCode({
    mutation: {
      onSuccess: ({ accessCode }) => {
        for (const key of [getGetOrganisationMergedQueryKey(id), getGetOrganisationUnmergedQueryKey(id)]) {
          queryClient.setQueryData<Organisation>(key, (current) =>
            current ? { ...current, accessCode } : current,
          );
        }
      },
    },
  });
  return { regenerate: () => mutation.mutateAsync({ organisation: id }), pending: mutation.isPending };
}
