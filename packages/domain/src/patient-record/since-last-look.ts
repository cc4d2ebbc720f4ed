// "Since you last looked": what is new in a patient's record since the signed-in therapist last opened it
// (getSinceLastLook) and marking it seen (markRecordSeen). The read is once per opening of the record: it is
// never asked again while the record stays open (no refetch on focus or reconnect), so the summary the
// therapist is reading does not turn into "nothing new" under them once it is marked seen; it leaves the cache
// when the record closes, so the next opening reads afresh.
import type { InfiniteData } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useGetSinceLastLook, useMarkRecordSeen as useMarkRecordSeenCall } from '@tend/api';
import type { AssignedPatientPage, SinceLastLook } from '@tend/api/model';
import { CASELOAD_LISTS } from '../caseload/queries.ts';

/** What is new in the record since the caller last looked (getSinceLastLook), read once per opening. */
export function useSinceLastLook(patientId: string | undefined) {
  return useGetSinceLastLook(patientId ?? '', {
    query: {
      enabled: Boolean(patientId),
      staleTime: Infinity,
      gcTime: 0,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    },
  });
}

type CaseloadData = InfiniteData<AssignedPatientPage, string | undefined>;

/**
 * Marks the record seen up to the summary shown (markRecordSeen: `{ patientId, data: { upTo } }`): the
 * patient's cached caseload rows take the answered `hasNew` (false, unless something came after the summary).
 */
export function useMarkRecordSeen() {
  const queryClient = useQueryClient();
  return useMarkRecordSeenCall({
    mutation: {
      onSuccess: ({ patientId, hasNew }) =>
        queryClient.setQueriesData<CaseloadData>({ queryKey: CASELOAD_LISTS }, (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  items: page.items.map((row) => (row.patientId === patientId ? { ...row, hasNew } : row)),
                })),
              }
            : data,
        ),
    },
  });
}

export type { SinceLastLook };
