// Availability changes never silently leave a booked appointment outside the therapist's hours: a change of
// a weekly slot, its deletion, or a new timezone (the slots keep their wall-clock times) that would do so is
// refused with 409 appointments_affected, naming the appointments to move or cancel first. Appointments the
// therapist placed outside their hours themselves (covered before the change neither) are not counted.
import { slotOccurrences, type WeeklySlot } from '@tend/domain/therapist-profile/model';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { DAY } from './slots.ts';

interface Hours {
  slots: readonly WeeklySlot[];
  zone: string;
}

const covered = (hours: Hours, start: number, end: number) =>
  slotOccurrences(hours.slots, hours.zone, start - DAY, end + DAY).some(
    (o) => o.start <= start && end <= o.end,
  );

/** Throws 409 appointments_affected when the change from `before` to `after` uncovers booked appointments. */
export async function assertAppointmentsKept(db: Db, therapistId: string, before: Hours, after: Hours) {
  const rows = await db
    .selectFrom('appointments as a')
    .innerJoin('patients as p', 'p.id', 'a.patient_id')
    .select(['a.id', 'a.starts_at', 'a.ends_at', 'p.first_name', 'p.last_name'])
    .where('a.therapist_id', '=', therapistId)
    .where('a.status', '=', 'booked')
    .where('a.ends_at', '>', new Date())
    .orderBy('a.starts_at')
    .execute();
  const affected = rows.filter((r) => {
    const start = new Date(r.starts_at).getTime();
    const end = new Date(r.ends_at).getTime();
    return covered(before, start, end) && !covered(after, start, end);
  });
  if (affected.length === 0) return;
  throw new HttpError(
    409,
    'appointments_affected',
    `This change would leave ${affected.length === 1 ? 'a booked appointment' : `${affected.length} booked appointments`} outside your hours. Move or cancel ${affected.length === 1 ? 'it' : 'them'} first.`,
    {
      appointments: affected.map((r) => ({
        appointmentId: r.id,
        start: new Date(r.starts_at).toISOString(),
        end: new Date(r.ends_at).toISOString(),
        patientName: `${r.first_name} ${r.last_name}`,
      })),
    },
  );
}
