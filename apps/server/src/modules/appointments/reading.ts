// How an appointment reads (tag `appointments`): its row and the contract's view of it (the video link only
// from 10 minutes before), whose it is (404 for anyone but its patient and therapist), and what a patient may
// book: their care team, the window after the notice period and within the horizon, their free slots.
import type { Db } from '../../db/index.ts';
import { notFound } from '../../http/errors.ts';
import type { HandlerContext } from '../../http/types.ts';
import { caller, hasScope } from '../patients/access.ts';
import type { AppointmentRules } from './settings.ts';
import { HOUR, MINUTE, freeSlots, zoneOf, type FreeSlot } from './slots.ts';

export const VIDEO_LINK_LEAD = 10 * MINUTE;

export const APPOINTMENT_COLUMNS = [
  'a.id',
  'a.organisation_id',
  'a.patient_id',
  'a.therapist_id',
  'a.starts_at',
  'a.ends_at',
  'a.kind',
  'a.note',
  'a.status',
  'a.sequence',
  'a.video_link',
  'a.cancelled_by',
  'a.cancel_reason',
  'a.move_reason',
  'a.created_at',
  'a.updated_at',
  'p.first_name as patient_first',
  'p.last_name as patient_last',
  't.first_name as therapist_first',
  't.last_name as therapist_last',
  't.timezone as therapist_timezone',
] as const;

export interface AppointmentRow {
  id: string;
  organisation_id: string;
  patient_id: string;
  therapist_id: string;
  starts_at: Date;
  ends_at: Date;
  kind: string;
  note: string | null;
  status: 'booked' | 'cancelled';
  sequence: number;
  video_link: string | null;
  cancelled_by: string | null;
  cancel_reason: string | null;
  move_reason: string | null;
  created_at: Date;
  updated_at: Date;
  patient_first: string;
  patient_last: string;
  therapist_first: string;
  therapist_last: string;
  therapist_timezone: string;
}

export const appointmentsQuery = (db: Db) =>
  db
    .selectFrom('appointments as a')
    .innerJoin('patients as p', 'p.id', 'a.patient_id')
    .innerJoin('therapists as t', 't.id', 'a.therapist_id')
    .select([...APPOINTMENT_COLUMNS]);

const iso = (d: Date | string) => new Date(d).toISOString();

/** The contract's Appointment: the video link only from 10 minutes before the start, while booked. */
export function appointmentView(row: AppointmentRow, now = Date.now()) {
  const start = new Date(row.starts_at).getTime();
  const linkFrom = row.video_link && row.status === 'booked' ? start - VIDEO_LINK_LEAD : null;
  return {
    appointmentId: row.id,
    patientId: row.patient_id,
    patientName: `${row.patient_first} ${row.patient_last}`,
    therapistId: row.therapist_id,
    therapistName: `${row.therapist_first} ${row.therapist_last}`,
    therapistTimezone: zoneOf({ timezone: row.therapist_timezone }),
    start: iso(row.starts_at),
    end: iso(row.ends_at),
    kind: row.kind,
    note: row.note,
    status: row.status,
    sequence: row.sequence,
    videoLink: linkFrom !== null && now >= linkFrom ? row.video_link : null,
    videoLinkFrom: linkFrom === null ? null : new Date(linkFrom).toISOString(),
    cancelledBy: row.cancelled_by,
    cancelReason: row.cancel_reason,
    moveReason: row.move_reason,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export async function appointmentOf(db: Db, id: string): Promise<AppointmentRow | undefined> {
  return (await appointmentsQuery(db).where('a.id', '=', id).executeTakeFirst()) as
    AppointmentRow | undefined;
}

/** The appointment and the caller's side of it; 404 when the caller is neither its patient nor its therapist. */
export async function ownAppointment(ctx: HandlerContext) {
  const user = caller(ctx);
  const row = await appointmentOf(ctx.db, String(ctx.params.appointment));
  let side: 'patient' | 'therapist' | null = null;
  if (row && hasScope(user, 'patient') && row.patient_id === user.uid) side = 'patient';
  else if (row && hasScope(user, 'therapist') && row.therapist_id === user.uid) side = 'therapist';
  if (!row || !side) throw notFound('You have no such appointment.');
  return { row, side };
}

/** The window a patient books in: after the notice period, within the horizon. */
export function patientWindow(rules: AppointmentRules, now = Date.now()) {
  return { from: now + rules.noticeHours * HOUR, to: now + rules.horizonWeeks * 7 * 24 * HOUR };
}

export interface TherapistOfTeam {
  id: string;
  first_name: string;
  last_name: string;
  timezone: string;
}

/** The patient's care-team therapists, lead first, then by name. */
export async function careTeamOf(db: Db, patientId: string): Promise<TherapistOfTeam[]> {
  const rows = await db
    .selectFrom('care_team as c')
    .innerJoin('therapists as t', 't.id', 'c.therapist_id')
    .select(['t.id', 't.first_name', 't.last_name', 't.timezone', 'c.role'])
    .where('c.patient_id', '=', patientId)
    .execute();
  return rows
    .sort(
      (a, b) =>
        Number(b.role === 'lead') - Number(a.role === 'lead') ||
        a.last_name.localeCompare(b.last_name) ||
        a.first_name.localeCompare(b.first_name) ||
        (a.id < b.id ? -1 : 1),
    )
    .map((r) => ({ id: r.id, first_name: r.first_name, last_name: r.last_name, timezone: zoneOf(r) }));
}

/** A patient's free slots with one therapist now (what a 409 carries). */
export async function patientFreeSlots(
  db: Db,
  therapist: { id: string; timezone: string },
  patientId: string,
  rules: AppointmentRules,
  except?: string,
): Promise<FreeSlot[]> {
  const window = patientWindow(rules);
  return freeSlots(db, [therapist], {
    slotMinutes: rules.slotMinutes,
    ...window,
    patientId,
    ...(except ? { except } : {}),
  });
}
