import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  getGetPatientQueryKey,
  getIsLeadTherapistQueryKey,
  getListAssignedPatientsInfiniteQueryKey,
  getListPatientRiskHistoryInfiniteQueryKey,
  useDischargePatient as useDischargePatientCall,
  useListAssignedPatientsInfinite,
  useRedeemPatientAccessCode,
  useSetPatientHighRisk,
} from '@tend/api';
import type { AssignedPatientPage, PatientDetails, RiskSummary } from '@tend/api/model';
import { filterParams, nextCursor, patientsOf, type CaseloadFilters } from './model.ts';

/** Rows per page: enough to fill a tall screen twice; the next page comes as the end nears. */
export const CASELOAD_PAGE_SIZE = 50;

/** Every cached caseload list (any filters): the prefix of the generated infinite query key. */
export const CASELOAD_LISTS = getListAssignedPatientsInfiniteQueryKey().slice(0, 2);

/**
 * The signed-in therapist's patients as the server orders them (high-risk first, then latest activity),
 * searched and filtered on the server, page by page with the contract's keyset cursor (`paginationCursor`:
 * a patient whose place changes while the list is read is neither shown twice nor skipped). `patients` is
 * every loaded row once; `total` what matches.
 */
export function useCaseload(filters: CaseloadFilters = {}, pageSize = CASELOAD_PAGE_SIZE) {
  const params = { ...filterParams(filters), limit: pageSize };
  const query = useListAssignedPatientsInfinite(params, {
    query: {
      initialPageParam: undefined,
      getNextPageParam: nextCursor,
      placeholderData: (previous) => previous,
    },
  });
  const pages = query.data?.pages;
  // Once per change of the pages, not on every render (the list re-renders on every scroll frame).
  const patients = useMemo(() => patientsOf(pages), [pages]);
  return { ...query, patients, total: pages?.[0]?.total };
}

type CaseloadData = InfiniteData<AssignedPatientPage, string | undefined>;

/** Changes every cached caseload row of a patient (the server's answer is the truth; lists re-sort on refetch). */
function updateRows(
  queryClient: QueryClient,
  patientId: string,
  change: (row: AssignedPatientPage['items'][number]) => AssignedPatientPage['items'][number] | null,
) {
  queryClient.setQueriesData<CaseloadData>({ queryKey: CASELOAD_LISTS }, (data) => {
    if (!data) return data;
    let removed = 0;
    const pages = data.pages.map((page) => {
      const items = page.items.flatMap((row) => {
        if (row.patientId !== patientId) return [row];
        const next = change(row);
        if (!next) removed += 1;
        return next ? [next] : [];
      });
      return { ...page, items };
    });
    return { ...data, pages: pages.map((p) => ({ ...p, total: Math.max(0, p.total - removed) })) };
  });
}

/** Takes on a patient by the access code they give (redeemPatientAccessCode); the caseload lists refetch. */
export function useTakeOnPatient() {
  const queryClient = useQueryClient();
  return useRedeemPatientAccessCode({
    mutation: {
      onSuccess: () => queryClient.invalidateQueries({ queryKey: CASELOAD_LISTS }),
    },
  });
}

/** Ends the caller's care of a patient: the row leaves the caseload at once, their record's cache goes. */
export function useDischargePatient() {
  const queryClient = useQueryClient();
  return useDischargePatientCall({
    mutation: {
      onSuccess: async (_data, { patientId }) => {
        updateRows(queryClient, patientId, () => null);
        queryClient.removeQueries({ queryKey: getGetPatientQueryKey(patientId) });
        queryClient.removeQueries({ queryKey: getIsLeadTherapistQueryKey(patientId) });
        await queryClient.invalidateQueries({ queryKey: CASELOAD_LISTS });
      },
    },
  });
}

/**
 * Sets or clears a patient's high-risk flag with a reason (setPatientHighRisk): the record and the rows take
 * the answered risk; the caseload lists (their order) and the patient's risk history refetch.
 */
export function useSetHighRisk() {
  const queryClient = useQueryClient();
  return useSetPatientHighRisk({
    mutation: {
      onSuccess: async ({ patientId, risk }) => {
        queryClient.setQueryData<PatientDetails>(getGetPatientQueryKey(patientId), (old) =>
          old ? { ...old, risk } : old,
        );
        updateRows(queryClient, patientId, (row) => ({ ...row, risk: risk as RiskSummary }));
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: CASELOAD_LISTS }),
          queryClient.invalidateQueries({ queryKey: getListPatientRiskHistoryInfiniteQueryKey(patientId) }),
        ]);
      },
    },
  });
}
