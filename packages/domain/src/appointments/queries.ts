import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import {
  getGetAppointmentQueryKey,
  getGetOrganisationAppointmentSettingsQueryKey,
  getListAppointmentNoticesQueryKey,
  getListAppointmentSlotsQueryKey,
  getListAppointmentsInfiniteQueryKey,
  getListAppointmentsQueryKey,
  useBookAppointment as useBookAppointmentCall,
  useCancelAppointment as useCancelAppointmentCall,
  useGetAppointment,
  useGetOrganisationAppointmentSettings,
  useListAppointmentNotices,
  useListAppointmentSlots,
  useListAppointments,
  useListAppointmentsInfinite,
  useMarkAppointmentNoticesSeen as useMarkAppointmentNoticesSeenCall,
  useMoveAppointment as useMoveAppointmentCall,
  useUpdateOrganisationAppointmentSettings,
} from '@tend/api';
import type {
  Appointment,
  AppointmentNoticeList,
  AppointmentPage,
  ListAppointmentSlotsParams,
  ListAppointmentsParams,
} from '@tend/api/model';

export const APPOINTMENT_PAGE_SIZE = 20;

/** The query keys of appointments (from the generated key functions): a change touches these lists. */
export const appointmentKeys = {
  one: (id: string) => getGetAppointmentQueryKey(id),
  /** Every list of appointments, paged or not, whatever its parameters. */
  lists: () => [getListAppointmentsQueryKey().slice(0, 1), getListAppointmentsInfiniteQueryKey().slice(0, 2)],
  /** Every list of free slots, whatever its parameters. */
  slots: () => getListAppointmentSlotsQueryKey().slice(0, 1),
  settings: (organisationId: string) => getGetOrganisationAppointmentSettingsQueryKey(organisationId),
  notices: () => getListAppointmentNoticesQueryKey(),
};

/**
 * The server's answer after a booking, move or cancellation: the appointment's own entry, and the lists and
 * free slots it changes asked again (which ones include it, and where, is the server's order and filters).
 */
function afterChange(queryClient: QueryClient, appointment: Appointment) {
  queryClient.setQueryData(appointmentKeys.one(appointment.appointmentId), appointment);
  // The row in any loaded page of a list takes the answer at once; the lists are then asked again.
  queryClient.setQueriesData<InfiniteData<AppointmentPage>>(
    { queryKey: getListAppointmentsInfiniteQueryKey().slice(0, 2) },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((p) => ({
          ...p,
          items: p.items.map((a) => (a.appointmentId === appointment.appointmentId ? appointment : a)),
        })),
      },
  );
  for (const queryKey of appointmentKeys.lists()) void queryClient.invalidateQueries({ queryKey });
  void queryClient.invalidateQueries({ queryKey: appointmentKeys.slots() });
}

/**
 * Free slots (listAppointmentSlots): for a patient their care team's (or one therapist's), for a therapist
 * their own. Asked again on focus and every minute: others book meanwhile.
 */
export function useAppointmentSlots(
  params: ListAppointmentSlotsParams = {},
  options: { enabled?: boolean } = {},
) {
  return useListAppointmentSlots(params, {
    query: {
      enabled: options.enabled ?? true,
      staleTime: 15_000,
      refetchInterval: 60_000,
      refetchOnWindowFocus: true,
    },
  });
}

/** The caller's appointments by start, page by page (listAppointments; a therapist may name one patient). */
export function useAppointments(params: Omit<ListAppointmentsParams, 'paginationCursor'> = {}) {
  return useListAppointmentsInfinite(
    { limit: APPOINTMENT_PAGE_SIZE, ...params },
    {
      query: { initialPageParam: undefined, getNextPageParam: (page) => page.paginationCursor ?? undefined },
    },
  );
}

/**
 * The caller's next booked appointment (one with `patientId` for a therapist's caseload row or patient
 * record), or null: Today, the care-team page, the caseload.
 */
export function useNextAppointment(params: { patientId?: string } = {}, options: { enabled?: boolean } = {}) {
  return useListAppointments(
    { ...params, limit: 1, status: 'booked' },
    {
      query: {
        enabled: options.enabled ?? true,
        staleTime: 30_000,
        refetchOnWindowFocus: true,
        select: (page) => page.items[0] ?? null,
      },
    },
  );
}

/** One appointment of the caller (getAppointment); asked again each minute so the video link shows in time. */
export function useAppointment(appointmentId: string | undefined) {
  return useGetAppointment(appointmentId ?? '', {
    query: { enabled: !!appointmentId, refetchInterval: 60_000, refetchOnWindowFocus: true },
  });
}

/**
 * The options of a call that takes a slot (a booking, a move): the cache takes the appointment answered; the
 * free slots are asked again when it is refused (someone may have taken the slot).
 */
function slotChange(queryClient: QueryClient) {
  return {
    mutation: {
      onSuccess: (appointment: Appointment) => afterChange(queryClient, appointment),
      onError: () => void queryClient.invalidateQueries({ queryKey: appointmentKeys.slots() }),
    },
  };
}

/**
 * Books a free slot (bookAppointment: `{ data: { therapistId, start, kind, note } }`). A 409 carries the
 * current free slots (`freeSlotsOf(problem.details)`): the slots are asked again either way.
 */
export function useBookAppointment() {
  return useBookAppointmentCall(slotChange(useQueryClient()));
}

/** Moves an appointment (moveAppointment: `{ appointment, data: { start, reason } }`). */
export function useMoveAppointment() {
  return useMoveAppointmentCall(slotChange(useQueryClient()));
}

/** Cancels an appointment with a reason (cancelAppointment: `{ appointment, data: { reason } }`). */
export function useCancelAppointment() {
  const queryClient = useQueryClient();
  return useCancelAppointmentCall({
    mutation: { onSuccess: (appointment) => afterChange(queryClient, appointment) },
  });
}

/** An organisation's appointment settings (getOrganisationAppointmentSettings), for useVersionedForm. */
export function useAppointmentSettings(organisationId: string | undefined) {
  return useGetOrganisationAppointmentSettings(organisationId ?? '', {
    query: { enabled: !!organisationId },
  });
}

/**
 * Saves them (updateOrganisationAppointmentSettings: `{ organisation, data, headers: { ETag } }`): the answer
 * becomes the cache, and the free slots (their length and kinds) are asked again.
 */
export function useSaveAppointmentSettings() {
  const queryClient = useQueryClient();
  return useUpdateOrganisationAppointmentSettings({
    mutation: {
      onSuccess: (settings, { organisation }) => {
        queryClient.setQueryData(appointmentKeys.settings(organisation), settings);
        void queryClient.invalidateQueries({ queryKey: appointmentKeys.slots() });
      },
    },
  });
}

/**
 * What the other side of the caller's appointments changed that the caller has not seen yet
 * (listAppointmentNotices: the newest unseen, and how many in all). Asked on every page that shows them, every
 * minute and on focus: a change the other side just made shows when the person next opens such a page.
 */
export function useAppointmentNotices(options: { enabled?: boolean } = {}) {
  return useListAppointmentNotices({
    query: {
      enabled: options.enabled ?? true,
      staleTime: 0,
      refetchInterval: 60_000,
      refetchOnWindowFocus: true,
    },
  });
}

/** The number of unseen notices (the navigation's count). */
export function useUnseenAppointmentNoticeCount() {
  return useListAppointmentNotices({
    query: {
      staleTime: 30_000,
      refetchInterval: 60_000,
      refetchOnWindowFocus: true,
      select: (l) => l.unseen,
    },
  });
}

/**
 * Marks notices seen (markAppointmentNoticesSeen: `{ data: { noticeIds } }`): they leave the cached list at
 * once, its count is the server's answer; the list is then asked again (older unseen ones come in).
 */
export function useMarkAppointmentNoticesSeen() {
  const queryClient = useQueryClient();
  return useMarkAppointmentNoticesSeenCall({
    mutation: {
      onSuccess: ({ unseen }, { data }) => {
        queryClient.setQueryData<AppointmentNoticeList>(appointmentKeys.notices(), (old) =>
          old ? { items: old.items.filter((n) => !data.noticeIds.includes(n.noticeId)), unseen } : old,
        );
        void queryClient.invalidateQueries({ queryKey: appointmentKeys.notices() });
      },
    },
  });
}
