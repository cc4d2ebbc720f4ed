import { useQueryClient } from '@tanstack/react-query';
import {
  getGetMyTherapistDetailsQueryKey,
  getGetMyTimezoneQueryKey,
  getGetTherapistProfileQueryKey,
  getListMyAvailabilityQueryKey,
  useCreateAvailabilitySlot,
  useDeleteAvailabilitySlot,
  useGetMyTherapistDetails,
  useGetMyTimezone,
  useGetTherapistProfile,
  useGetTimezones,
  useListMyAvailability,
  useUpdateAvailabilitySlot,
  useUpdateBiography,
  useUpdateMyTimezone,
  useUpdateTherapistName,
} from '@tend/api';
import type { AvailabilityList, AvailabilitySlot, TherapistDetails } from '@tend/api/model';
import { toMinutes } from './model.ts';

const byDayThenStart = (a: AvailabilitySlot, b: AvailabilitySlot) =>
  a.dayOfWeek - b.dayOfWeek || toMinutes(a.start) - toMinutes(b.start) || (a.id < b.id ? -1 : 1);

/** The signed-in therapist's own details (getMyTherapistDetails). */
export function useMyTherapistDetails() {
  return useGetMyTherapistDetails();
}

/** Keeps the cached details (and the profile others see) to what the server answered. */
function useDetailsAnswer() {
  const queryClient = useQueryClient();
  return (details: TherapistDetails) => {
    queryClient.setQueryData(getGetMyTherapistDetailsQueryKey(), details);
    void queryClient.invalidateQueries({
      queryKey: getGetTherapistProfileQueryKey(details.therapistId).slice(0, 1),
    });
  };
}

export function useUpdateMyName() {
  const answered = useDetailsAnswer();
  return useUpdateTherapistName({ mutation: { onSuccess: answered } });
}

export function useUpdateMyBiography() {
  const answered = useDetailsAnswer();
  return useUpdateBiography({ mutation: { onSuccess: answered } });
}

/** Every IANA timezone the server supports (they do not change while the app is open). */
export function useTimezones() {
  return useGetTimezones({ query: { staleTime: Number.POSITIVE_INFINITY, select: (r) => r.timezones } });
}

export function useMyTimezone() {
  return useGetMyTimezone({ query: { select: (r) => r.timezone } });
}

/** Sets the therapist's timezone: the details and the availability (drawn in it) follow the answer. */
export function useUpdateMyTimezoneSetting() {
  const queryClient = useQueryClient();
  return useUpdateMyTimezone({
    mutation: {
      onSuccess: (answer) => {
        queryClient.setQueryData(getGetMyTimezoneQueryKey(), answer);
        queryClient.setQueryData<TherapistDetails>(getGetMyTherapistDetailsQueryKey(), (d) =>
          d ? { ...d, timezone: answer.timezone } : d,
        );
        queryClient.setQueryData<AvailabilityList>(getListMyAvailabilityQueryKey(), (a) =>
          a ? { ...a, timezone: answer.timezone } : a,
        );
      },
    },
  });
}

/** The therapist's weekly slots and the timezone they are in (listMyAvailability). */
export function useMyAvailability() {
  return useListMyAvailability();
}

function useAvailabilityCache() {
  const queryClient = useQueryClient();
  return (change: (slots: AvailabilitySlot[]) => AvailabilitySlot[]) =>
    queryClient.setQueryData<AvailabilityList>(getListMyAvailabilityQueryKey(), (a) =>
      a ? { ...a, slots: change(a.slots).sort(byDayThenStart) } : a,
    );
}

/** Adds a weekly slot; an overlap is refused by the server (409 `overlap`, naming the slot it meets). */
export function useCreateSlot() {
  const update = useAvailabilityCache();
  return useCreateAvailabilitySlot({
    mutation: { onSuccess: (slot) => update((slots) => [...slots.filter((s) => s.id !== slot.id), slot]) },
  });
}

export function useUpdateSlot() {
  const update = useAvailabilityCache();
  return useUpdateAvailabilitySlot({
    mutation: { onSuccess: (slot) => update((slots) => slots.map((s) => (s.id === slot.id ? slot : s))) },
  });
}

export function useDeleteSlot() {
  const update = useAvailabilityCache();
  return useDeleteAvailabilitySlot({
    mutation: {
      onSuccess: (_data, { params }) => update((slots) => slots.filter((s) => s.id !== params.slotId)),
    },
  });
}

/**
 * A therapist's profile as a patient, colleague or administrator sees it (getTherapistProfile), with the
 * occurrences of their slots from `from` for `days` days, to show in the viewer's own timezone.
 */
export function useTherapistProfile(
  therapistId: string | undefined,
  window: { from?: number; days?: number } = {},
) {
  return useGetTherapistProfile(therapistId ?? '', window, { query: { enabled: Boolean(therapistId) } });
}
