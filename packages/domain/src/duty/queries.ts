import { useQueryClient } from '@tanstack/react-query';
import { getGetDutyRotaQueryKey, useGetDutyRota, useGetMyDuty, useReplaceDutyRota } from '@tend/api';
import { ALERTS_POLL_MS } from '../risk-alerts/model.ts';

/** An organisation's rota, who may be on it and who is on duty now (its administrators). */
export function useDutyRota(organisationId: string | undefined) {
  return useGetDutyRota(organisationId ?? '', { query: { enabled: Boolean(organisationId) } });
}

/** Replaces an organisation's rota; the cached rota becomes what the server stored. */
export function useReplaceRota(organisationId: string) {
  const queryClient = useQueryClient();
  return useReplaceDutyRota({
    mutation: {
      onSuccess: (rota) => queryClient.setQueryData(getGetDutyRotaQueryKey(organisationId), rota),
    },
  });
}

/** Whether the signed-in therapist is on duty now, kept fresh like the alerts. */
export function useMyDuty() {
  return useGetMyDuty({
    query: {
      refetchInterval: ALERTS_POLL_MS,
      refetchOnWindowFocus: true,
      refetchIntervalInBackground: false,
    },
  });
}
