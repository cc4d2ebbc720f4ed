import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  getGetWelfareContactQueryKey,
  useDeleteWelfareContact,
  useGetWelfareContact,
  useSetWelfareContact,
} from '@tend/api';
import type { WelfareContactRecord } from '@tend/api/model';

/**
 * The patient's own welfare contact and the record of the welfare e-mails their care team sent to it
 * (getWelfareContact). Asked again when the window regains focus, so an e-mail sent meanwhile shows.
 */
export function useWelfareContact(patientId: string | undefined) {
  return useGetWelfareContact(patientId ?? '', {
    query: { enabled: !!patientId, refetchOnWindowFocus: true, staleTime: 10_000 },
  });
}

/** Puts the contact the server answered (null: withdrawn) in the cached record, keeping the e-mails sent. */
function putContact(queryClient: QueryClient, patientId: string, contact: WelfareContactRecord['contact']) {
  queryClient.setQueryData<WelfareContactRecord>(getGetWelfareContactQueryKey(patientId), (old) => ({
    emails: old?.emails ?? [],
    contact,
  }));
}

/** Names or changes the welfare contact (setWelfareContact: `{ patientId, data }`); the cache takes what the server answered. */
export function useSaveWelfareContact() {
  const queryClient = useQueryClient();
  return useSetWelfareContact({
    mutation: {
      onSuccess: (contact, { patientId }) => putContact(queryClient, patientId, contact),
    },
  });
}

/** Withdraws the welfare contact (deleteWelfareContact: `{ patientId }`): the care team can no longer e-mail anyone. */
export function useWithdrawWelfareContact() {
  const queryClient = useQueryClient();
  return useDeleteWelfareContact({
    mutation: {
      onSuccess: (_none, { patientId }) => putContact(queryClient, patientId, null),
    },
  });
}
