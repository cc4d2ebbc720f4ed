/**
 * Appointments, pure: free slots grouped by the viewer's calendar day, whether the therapist's timezone
 * differs from the viewer's at a given moment (it can differ in one week and not the next, across
 * daylight-saving changes), what a patient may still do inside the notice period, when the video link shows,
 * and the free slots a 409 answer carries. dayjs with utc and timezone only.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { Appointment, AppointmentSlot } from '@tend/api/model';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface SlotDay {
  /** `YYYY-MM-DD` in the viewer's timezone. */
  date: string;
  slots: AppointmentSlot[];
}

/** The slots by calendar day in `timeZone` (days in order, each day's slots by start then therapist). */
export function slotsByDay(slots: readonly AppointmentSlot[], timeZone: string): SlotDay[] {
  const days = new Map<string, AppointmentSlot[]>();
  const sorted = [...slots].sort(
    (a, b) => Date.parse(a.start) - Date.parse(b.start) || a.therapistId.localeCompare(b.therapistId),
  );
  for (const slot of sorted) {
    const date = dayjs(slot.start).tz(timeZone).format('YYYY-MM-DD');
    days.set(date, [...(days.get(date) ?? []), slot]);
  }
  return [...days].map(([date, daySlots]) => ({ date, slots: daySlots }));
}

/** The UTC offset of a timezone at an instant, in minutes. */
export function offsetAt(instant: string | number, timeZone: string): number {
  return dayjs(instant).tz(timeZone).utcOffset();
}

/** Whether the therapist's clock shows another time than the viewer's at this instant (then both are shown). */
export function zoneDiffers(instant: string | number, therapistZone: string, viewerZone: string): boolean {
  return offsetAt(instant, therapistZone) !== offsetAt(instant, viewerZone);
}

/** Whether a patient may still move or cancel it here (outside the notice period, still booked). */
export function patientMayChange(
  appointment: Pick<Appointment, 'start' | 'status'>,
  noticeHours: number,
  now = Date.now(),
): boolean {
  return appointment.status === 'booked' && Date.parse(appointment.start) - now >= noticeHours * 3_600_000;
}

/** Whether the appointment is over (its end has passed). */
export function isPast(appointment: Pick<Appointment, 'end'>, now = Date.now()): boolean {
  return Date.parse(appointment.end) <= now;
}

/** Milliseconds until the video link shows (0 when it shows now; null when there is none). */
export function untilVideoLink(
  appointment: Pick<Appointment, 'videoLinkFrom'>,
  now = Date.now(),
): number | null {
  if (!appointment.videoLinkFrom) return null;
  return Math.max(0, Date.parse(appointment.videoLinkFrom) - now);
}

/**
 * The entries of a list a problem's details carry that are objects with text at each of `keys` (what the
 * screen relies on); none when it is not a list.
 */
function objectsWithText<T>(list: unknown, keys: ReadonlyArray<keyof T & string>): T[] {
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item): item is T =>
      typeof item === 'object' &&
      item !== null &&
      keys.every((key) => typeof (item as Record<string, unknown>)[key] === 'string'),
  );
}

/**
 * The free slots a 409 `slot_taken` / `slot_unavailable` answer carries (`details.freeSlots`), to offer at
 * once; an empty list for any other problem.
 */
export function freeSlotsOf(details: Record<string, unknown> | undefined | null): AppointmentSlot[] {
  return objectsWithText<AppointmentSlot>(details?.freeSlots, ['therapistId', 'start', 'end']);
}

/** The appointments a 409 `appointments_affected` answer names (availability changes): to move first. */
export interface AffectedAppointment {
  appointmentId: string;
  start: string;
  end: string;
  patientName: string;
}
export function affectedAppointmentsOf(
  details: Record<string, unknown> | undefined | null,
): AffectedAppointment[] {
  return objectsWithText<AffectedAppointment>(details?.appointments, ['appointmentId', 'start']);
}
