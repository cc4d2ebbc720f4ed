import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  getGetOrganisationNumbersQueryKey,
  getListIntakeQueueInfiniteQueryKey,
  getListTherapistLoadQueryKey,
  getListMyPlacementsQueryKey,
  getListOrganisationAuditInfiniteQueryKey,
  getListStaffPatientsQueryKey,
  useAssignIntakePatients,
  useDismissPlacement as useDismissPlacementCall,
  useListMyPlacements,
  useListMyIntakeOrganisations,
  useGetOrganisationNumbers,
  useListIntakeQueueInfinite,
  useListTherapistLoad,
  useReassignPatient as useReassignPatientCall,
} from '@tend/api';
import type { IntakeQueuePage, PlacementNoticeList } from '@tend/api/model';
import { useLoadedItems } from '../loadedItems.ts';

/** The organisation's numbers (patients, therapists, waiting, places, open risk, invitations, reports). */
export function useOrganisationNumbers(organisationId: string | undefined) {
  return useGetOrganisationNumbers(organisationId ?? '', {
    query: { enabled: Boolean(organisationId), staleTime: 30_000 },
  });
}

/** The patients waiting for a therapist, high-risk first then the longest waiting, page by page. */
export function useIntakeQueue(organisationId: string | undefined, pageSize = 50) {
  const query = useListIntakeQueueInfinite(
    organisationId ?? '',
    { pageSize },
    {
      query: {
        enabled: Boolean(organisationId),
        initialPageParam: undefined,
        getNextPageParam: (page) => page.lastPage ?? undefined,
      },
    },
  );
  const pages = query.data?.pages;
  const patients = useLoadedItems(pages);
  return { ...query, patients, total: pages?.[0]?.total ?? 0 };
}

/** Each therapist's load, for placing a patient where there is room. */
export function useTherapistLoad(organisationId: string | undefined) {
  return useListTherapistLoad(organisationId ?? '', { query: { enabled: Boolean(organisationId) } });
}

/** After a placement: the placed patients leave the queue (from the answer); the counts are read again. */
function usePlaced(organisationId: string) {
  const queryClient = useQueryClient();
  return (patientIds: string[]) => {
    const placed = new Set(patientIds);
    queryClient.setQueriesData<InfiniteData<IntakeQueuePage>>(
      { queryKey: getListIntakeQueueInfiniteQueryKey(organisationId).slice(0, 2) },
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((p, i) => ({
            ...p,
            items: p.items.filter((item) => !placed.has(item.patientId)),
            total: i === 0 ? Math.max(0, p.total - placed.size) : p.total,
          })),
        },
    );
    void queryClient.invalidateQueries({ queryKey: getGetOrganisationNumbersQueryKey(organisationId) });
    void queryClient.invalidateQueries({ queryKey: getListTherapistLoadQueryKey(organisationId) });
  };
}

/** Places waiting patients with a therapist (all or none). */
export function useAssignPatients(organisationId: string) {
  const placed = usePlaced(organisationId);
  return useAssignIntakePatients({
    mutation: { onSuccess: (answer) => placed(answer.assignments.map((a) => a.patientId)) },
  });
}

/**
 * Moves a patient to another lead therapist, with the reason. Both therapists' patient lists and the audit log
 * (which gains an entry the answer does not carry) are read again, with the load and the numbers.
 */
export function useReassignPatient(organisationId: string) {
  const placed = usePlaced(organisationId);
  const queryClient = useQueryClient();
  return useReassignPatientCall({
    mutation: {
      onSuccess: (answer) => {
        placed([answer.patientId]);
        for (const therapist of [answer.previousTherapistId, answer.therapistId])
          if (therapist)
            void queryClient.invalidateQueries({
              queryKey: getListStaffPatientsQueryKey(organisationId, therapist),
            });
        void queryClient.invalidateQueries({
          queryKey: getListOrganisationAuditInfiniteQueryKey(organisationId).slice(0, 2),
        });
      },
    },
  });
}

/**
 * The organisations whose intake the signed-in therapist runs as a lead (none when they are not a lead): the
 * therapist console shows Intake only when there is one.
 */
export function useMyIntakeOrganisations() {
  return useListMyIntakeOrganisations({ query: { staleTime: 60_000, refetchOnWindowFocus: true } });
}

/** The signed-in therapist's alerts of patients newly placed with them (not dismissed), kept fresh. */
export function useMyPlacements() {
  return useListMyPlacements({
    query: { refetchInterval: 60_000, refetchOnWindowFocus: true, refetchIntervalInBackground: false },
  });
}

/** Dismisses one alert of a new patient; it leaves the cached list at once. */
export function useDismissPlacement() {
  const queryClient = useQueryClient();
  return useDismissPlacementCall({
    mutation: {
      onSuccess: (_answer, { noticeId }) =>
        queryClient.setQueryData<PlacementNoticeList>(
          getListMyPlacementsQueryKey(),
          (data) => data && { items: data.items.filter((n) => n.noticeId !== noticeId) },
        ),
    },
  });
}
