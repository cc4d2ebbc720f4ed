import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deleteWelfareContact,
  getGetWelfareContactQueryKey,
  setWelfareContact,
  useGetWelfareContact,
} from '@tend/api';
import type { WelfareContact, WelfareContactRecord } from '@tend/api/model';

/**
 * The patient's own welfare contact and the record of the welfare e-mails their care team sent to it
 * (getWelfareContact). Asked again when the window regains focus, so an e-mail sent meanwhile shows.
 */
export function useWelfareContact(patientId: string | undefined) {
  return useGetWelfareContact(patientId ?? '', {
    query: { enabled: !!patientId, refetchOnWindowFocus: true, staleTime: 10_000 },
  });
}

/** Names or changes the welfare contact (setWelfareContact); the cache takes what the server answered. */
export function useSaveWelfareContact(patientId: string) {
  const queryClient = useQueryClient();
  const key = getGetWelfareContactQueryKey(patientId);
  return useMutation({
    mutationFn: (contact: WelfareContact) => setWelfareContact(patientId, contact),
    onSuccess: (contact) =>
      queryClient.setQueryData<WelfareContactRecord>(key, (old) => ({
        emails: old?.emails ?? [],
        contact,
      })),
  });
}

/** Withdraws the welfare contact (deleteWelfareContact): the care team can no longer e-mail anyone. */
export function useWithdrawWelfareContact(patientId: string) {
  const queryClient = useQueryClient();
  const key = getGetWelfareContactQueryKey(patientId);
  return useMutation({
    mutationFn: () => deleteWelfareContact(patientId),
    onSuccess: () =>
      queryClient.setQueryData<WelfareContactRecord>(key, (old) => ({
        emails: old?.emails ?? [],
        contact: null,
      })),
  });
}
