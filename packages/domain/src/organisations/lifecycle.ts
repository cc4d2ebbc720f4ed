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
import type { Organisation } from '@tend/api/model';

/** Every level of the organisation list (names, states and children change with these calls). */
const listsKey = () => getListOrganisationsInfiniteQueryKey().slice(0, 2);

/**
 * Creates an organisation (with its first administrator when given; `{ data, params: { maxRedemptions } }`);
 * answers its id. The lists are read again (the new row belongs somewhere in the tree, in name order).
 */
export function useCreateOrganisation() {
  const queryClient = useQueryClient();
  return useCreateOrganisationCall({
    mutation: { onSuccess: () => void queryClient.invalidateQueries({ queryKey: listsKey() }) },
  });
}

/** The organisation the server answered becomes the merged view; the own view and the lists are read again. */
function useAfterStateChange() {
  const queryClient = useQueryClient();
  return (organisation: Organisation, { organisation: id }: { organisation: string }) => {
    queryClient.setQueryData(getGetOrganisationMergedQueryKey(id), organisation);
    void queryClient.invalidateQueries({ queryKey: getGetOrganisationUnmergedQueryKey(id) });
    void queryClient.invalidateQueries({ queryKey: listsKey() });
  };
}

/** Enables the organisation, optionally with a number of places (`{ organisation, params?: { maxRedemptions } }`). */
export const useEnableOrganisation = () =>
  useEnableOrganisationCall({ mutation: { onSuccess: useAfterStateChange() } });

/** Disables the organisation (`{ organisation }`): its access codes and address list stop admitting patients. */
export const useDisableOrganisation = () =>
  useDisableOrganisationCall({ mutation: { onSuccess: useAfterStateChange() } });

/** A new access code for the organisation (`{ organisation }`; the old one stops working at once); the views show the new one. */
export function useRegenerateAccessCode() {
  const queryClient = useQueryClient();
  return useRegenerateOrganisationAccessCode({
    mutation: {
      onSuccess: ({ accessCode }, { organisation: id }) => {
        for (const key of [getGetOrganisationMergedQueryKey(id), getGetOrganisationUnmergedQueryKey(id)]) {
          queryClient.setQueryData<Organisation>(key, (current) =>
            current ? { ...current, accessCode } : current,
          );
        }
      },
    },
  });
}
