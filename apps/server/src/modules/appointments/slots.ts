// Free appointment slots: a therapist's weekly availability (wall-clock times in their timezone, right across
// daylight-saving changes: @tend/domain's slotOccurrences) cut into slots of the organisation's length,
// minus the appointments booked (the therapist's, and the patient's own with anyone).
import { sql } from 'kysely';
import { slotOccurrences } from '@tend/domain/therapist-profile/model';
import type { Db } from '../../db/index.ts';
import { slots as availabilityOf } from '../therapist/availability.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** Appointments start on, and last, whole multiples of this (the blocks of migration 0270). */
export const BLOCK = 5 * MINUTE;

export interface FreeSlot {
  therapistId: string;
  start: number;
  end: number;
}

export interface TherapistZone {
  id: string;
  timezone: string;
}

export const zoneOf = (t: { timezone: string | null }) => t.timezone || 'UTC';
export const ceilToBlock = (ms: number) => Math.ceil(ms / BLOCK) * BLOCK;

/** Every slot the therapist's availability offers whose start is in [from, to), booked or not, by start. */
export async function candidateSlots(
  db: Db,
  therapist: TherapistZone,
  slotMinutes: number,
  from: number,
  to: number,
): Promise<FreeSlot[]> {
  const length = slotMinutes * MINUTE;
  const weekly = await availabilityOf(db, therapist.id);
  const out: FreeSlot[] = [];
  for (const occurrence of slotOccurrences(weekly, therapist.timezone, from - DAY, to + DAY)) {
    for (let start = ceilToBlock(occurrence.start); start + length <= occurrence.end; start += length) {
      if (start >= from && start < to) out.push({ therapistId: therapist.id, start, end: start + length });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

export interface Busy {
  therapistId: string;
  patientId: string;
  start: number;
  end: number;
}

/** Booked appointments of these therapists or this patient overlapping [from, to) (one left out when given). */
export async function busyTimes(
  db: Db,
  who: { therapistIds: string[]; patientId?: string | undefined; except?: string | undefined },
  from: number,
  to: number,
): Promise<Busy[]> {
  if (who.therapistIds.length === 0 && !who.patientId) return [];
  let q = db
    .selectFrom('appointments')
    .select(['therapist_id', 'patient_id', 'starts_at', 'ends_at'])
    .where('status', '=', 'booked')
    .where('starts_at', '<', new Date(to))
    .where('ends_at', '>', new Date(from))
    .where((eb) => {
      const ors = [];
      if (who.therapistIds.length > 0) ors.push(eb('therapist_id', 'in', who.therapistIds));
      if (who.patientId) ors.push(eb('patient_id', '=', who.patientId));
      return eb.or(ors);
    });
  if (who.except) q = q.where('id', '<>', who.except);
  const rows = await q.execute();
  return rows.map((r) => ({
    therapistId: r.therapist_id,
    patientId: r.patient_id,
    start: new Date(r.starts_at).getTime(),
    end: new Date(r.ends_at).getTime(),
  }));
}

/** Whether the slot overlaps a busy time of its therapist (or of the patient, when busy holds theirs). */
export function clashes(slot: FreeSlot, busy: Busy[], patientId?: string): boolean {
  return busy.some(
    (b) =>
      (b.therapistId === slot.therapistId || (patientId !== undefined && b.patientId === patientId)) &&
      b.start < slot.end &&
      slot.start < b.end,
  );
}

/** The free slots of the therapists whose start is in [from, to), by start then therapist. */
export async function freeSlots(
  db: Db,
  therapists: TherapistZone[],
  options: { slotMinutes: number; from: number; to: number; patientId?: string; except?: string },
): Promise<FreeSlot[]> {
  if (!(options.to > options.from) || therapists.length === 0) return [];
  const all: FreeSlot[] = [];
  for (const t of therapists)
    all.push(...(await candidateSlots(db, t, options.slotMinutes, options.from, options.to)));
  const busy = await busyTimes(
    db,
    { therapistIds: therapists.map((t) => t.id), patientId: options.patientId, except: options.except },
    options.from,
    options.to + options.slotMinutes * MINUTE,
  );
  return all
    .filter((s) => !clashes(s, busy, options.patientId))
    .sort((a, b) => a.start - b.start || (a.therapistId < b.therapistId ? -1 : 1));
}

export const slotJson = (s: FreeSlot) => ({
  therapistId: s.therapistId,
  start: new Date(s.start).toISOString(),
  end: new Date(s.end).toISOString(),
});

/** Locks the therapist's row: availability changes and appointment writes of one therapist take turns. */
export async function lockTherapist(db: Db, therapistId: string): Promise<void> {
  await sql`select id from therapists where id = ${therapistId} for update`.execute(db);
}
