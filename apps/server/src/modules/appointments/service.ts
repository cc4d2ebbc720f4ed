// Booking, moving and cancelling appointments (tag `appointments`; how one reads: ./reading.ts).
// Who: a patient books with a therapist of their care team; an appointment is seen, moved and cancelled only
// by its patient and its therapist (404 for anyone else). The notice period binds patients only.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { isUniqueViolation } from '../../db/conflicts.ts';
import { HttpError, badRequest, forbidden } from '../../http/errors.ts';
import type { HandlerContext } from '../../http/types.ts';
import { rulesOf, videoLinkFor, type AppointmentRules } from './settings.ts';
import {
  BLOCK,
  HOUR,
  MINUTE,
  busyTimes,
  candidateSlots,
  clashes,
  freeSlots,
  lockTherapist,
  slotJson,
  zoneOf,
  type FreeSlot,
} from './slots.ts';
import { careTeamOf, patientFreeSlots, patientWindow, type AppointmentRow } from './reading.ts';
import { queueReminder } from './reminders.ts';
import { tellOtherSide } from './notices.ts';

const conflictWithSlots = (code: string, message: string, slots: FreeSlot[]) =>
  new HttpError(409, code, message, { freeSlots: slots.map(slotJson) });

const SLOT_TAKEN = 'Someone has just booked this time. Please choose another of the free times.';
const SLOT_UNAVAILABLE = 'This time is not one of the free times. Please choose one of them.';

/** The blocks an appointment holds (see migration 0270). */
async function holdBlocks(
  db: Db,
  a: { id: string; therapistId: string; patientId: string; start: number; end: number },
) {
  const rows = [];
  for (let t = a.start; t < a.end; t += BLOCK)
    rows.push({
      appointment_id: a.id,
      therapist_id: a.therapistId,
      patient_id: a.patientId,
      block_start: new Date(t),
    });
  await db.insertInto('appointment_blocks').values(rows).execute();
}

/**
 * A patient's request for `start` with the therapist: the slot must be one the therapist's hours offer inside
 * the patient's window (409 slot_unavailable) and free (409 slot_taken), both with the current free slots.
 */
async function assertPatientSlot(
  db: Db,
  therapist: { id: string; timezone: string },
  patientId: string,
  rules: AppointmentRules,
  start: number,
  length: number,
  except?: string,
) {
  const window = patientWindow(rules);
  const offered =
    start >= window.from &&
    start < window.to &&
    (await candidateSlots(db, therapist, length / MINUTE, start, start + 1)).some(
      (s) => s.start === start && s.end === start + length,
    );
  if (!offered)
    throw conflictWithSlots(
      'slot_unavailable',
      SLOT_UNAVAILABLE,
      await patientFreeSlots(db, therapist, patientId, rules, except),
    );
  const busy = await busyTimes(
    db,
    { therapistIds: [therapist.id], patientId, except },
    start,
    start + length,
  );
  if (clashes({ therapistId: therapist.id, start, end: start + length }, busy, patientId))
    throw conflictWithSlots(
      'slot_taken',
      SLOT_TAKEN,
      await patientFreeSlots(db, therapist, patientId, rules, except),
    );
}

export function parseStart(value: unknown): number {
  const start = Date.parse(String(value));
  if (!Number.isFinite(start))
    throw badRequest('The start is not a date and time.', { fields: { start: 'is not a date-time' } });
  return start;
}

export async function book(
  ctx: HandlerContext,
  patient: { id: string; organisation_id: string },
  input: { therapistId: string; start: string; kind: string; note?: string },
) {
  const team = await careTeamOf(ctx.db, patient.id);
  const therapist = team.find((t) => t.id === input.therapistId);
  if (!therapist) throw forbidden('You can book only with a therapist of your care team.');
  const rules = await rulesOf(ctx.db, patient.organisation_id);
  if (!rules.kinds.includes(input.kind as never))
    throw badRequest('Your organisation does not offer this kind of session.', {
      fields: { kind: `is not one of ${rules.kinds.join(', ')}` },
    });
  const start = parseStart(input.start);
  const length = rules.slotMinutes * MINUTE;
  await assertPatientSlot(ctx.db, therapist, patient.id, rules, start, length);
  const id = randomUUID();
  const note = input.note?.trim() ? input.note.trim() : null;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await lockTherapist(trx, therapist.id);
      await trx
        .insertInto('appointments')
        .values({
          id,
          organisation_id: patient.organisation_id,
          patient_id: patient.id,
          therapist_id: therapist.id,
          starts_at: new Date(start),
          ends_at: new Date(start + length),
          kind: input.kind as never,
          note,
          video_link: videoLinkFor(rules, input.kind, id),
          created_by: patient.id,
        })
        .execute();
      await holdBlocks(trx, {
        id,
        therapistId: therapist.id,
        patientId: patient.id,
        start,
        end: start + length,
      });
      await queueReminder(trx, id, start);
      await tellOtherSide(
        trx,
        { id, patient_id: patient.id, therapist_id: therapist.id },
        'booked',
        'patient',
        { start },
      );
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw conflictWithSlots(
      'slot_taken',
      SLOT_TAKEN,
      await patientFreeSlots(ctx.db, therapist, patient.id, rules),
    );
  }
  return id;
}

const alreadyCancelled = () =>
  new HttpError(409, 'appointment_cancelled', 'This appointment has been cancelled.');

/** A patient inside the notice period may neither move nor cancel: they are asked to message their therapist. */
function assertNotice(rules: AppointmentRules, start: number, now = Date.now()) {
  if (start - now < rules.noticeHours * HOUR)
    throw new HttpError(
      409,
      'notice_period',
      `This appointment is less than ${rules.noticeHours} hours away, so it can no longer be changed here. Please message your therapist about it.`,
      { noticeHours: rules.noticeHours },
    );
}

export async function move(
  ctx: HandlerContext,
  found: { row: AppointmentRow; side: 'patient' | 'therapist' },
  input: { start: string; reason?: string },
) {
  const { row, side } = found;
  if (row.status !== 'booked') throw alreadyCancelled();
  const rules = await rulesOf(ctx.db, row.organisation_id);
  const start = parseStart(input.start);
  const current = new Date(row.starts_at).getTime();
  const length = new Date(row.ends_at).getTime() - current;
  if (start === current)
    throw badRequest('The appointment is already at this time.', { fields: { start: 'is unchanged' } });
  const therapist = { id: row.therapist_id, timezone: zoneOf({ timezone: row.therapist_timezone }) };
  if (side === 'patient') {
    assertNotice(rules, current);
    await assertPatientSlot(ctx.db, therapist, row.patient_id, rules, start, length, row.id);
  } else {
    if (start <= Date.now())
      throw badRequest('Choose a time in the future.', { fields: { start: 'is in the past' } });
    if (start % BLOCK !== 0)
      throw badRequest('Appointments start on a multiple of 5 minutes.', {
        fields: { start: 'is not on a 5-minute boundary' },
      });
  }
  const reason = input.reason?.trim() ? input.reason.trim() : null;
  const takenByTherapistMove = async () =>
    new HttpError(409, 'slot_taken', 'This time overlaps another appointment. Please choose another time.', {
      freeSlots: (
        await freeSlots(ctx.db, [therapist], {
          slotMinutes: length / MINUTE,
          from: Date.now(),
          to: Date.now() + rules.horizonWeeks * 7 * 24 * HOUR,
          patientId: row.patient_id,
          except: row.id,
        })
      ).map(slotJson),
    });
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await lockTherapist(trx, row.therapist_id);
      const now = await trx
        .selectFrom('appointments')
        .select(['status', 'starts_at'])
        .where('id', '=', row.id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (now.status !== 'booked') throw alreadyCancelled();
      if (new Date(now.starts_at).getTime() !== current)
        throw new HttpError(409, 'conflict', 'This appointment has just been changed. Please look again.');
      await trx.deleteFrom('appointment_blocks').where('appointment_id', '=', row.id).execute();
      await trx
        .updateTable('appointments')
        .set({
          starts_at: new Date(start),
          ends_at: new Date(start + length),
          sequence: sql`sequence + 1`,
          move_reason: reason,
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .execute();
      await holdBlocks(trx, {
        id: row.id,
        therapistId: row.therapist_id,
        patientId: row.patient_id,
        start,
        end: start + length,
      });
      await queueReminder(trx, row.id, start);
      await tellOtherSide(trx, row, 'moved', side, { start, previousStart: current, reason });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (side === 'therapist') throw await takenByTherapistMove();
    throw conflictWithSlots(
      'slot_taken',
      SLOT_TAKEN,
      await patientFreeSlots(ctx.db, therapist, row.patient_id, rules, row.id),
    );
  }
}

export async function cancel(
  ctx: HandlerContext,
  found: { row: AppointmentRow; side: 'patient' | 'therapist' },
  reason: string,
) {
  const { row, side } = found;
  if (row.status !== 'booked') throw alreadyCancelled();
  const text = reason.trim();
  if (!text) throw badRequest('Please give a reason.', { fields: { reason: "can't be blank" } });
  if (side === 'patient')
    assertNotice(await rulesOf(ctx.db, row.organisation_id), new Date(row.starts_at).getTime());
  await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('appointments')
      .set({
        status: 'cancelled',
        cancelled_at: new Date(),
        cancelled_by: side,
        cancel_reason: text,
        sequence: sql`sequence + 1`,
        updated_at: new Date(),
      })
      .where('id', '=', row.id)
      .where('status', '=', 'booked')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw alreadyCancelled();
    await trx.deleteFrom('appointment_blocks').where('appointment_id', '=', row.id).execute();
    await tellOtherSide(trx, row, 'cancelled', side, {
      start: new Date(row.starts_at).getTime(),
      reason: text,
    });
  });
}
