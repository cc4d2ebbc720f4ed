// The other side is told in the app (tag `appointments`): each booking, move or cancellation leaves a notice
// for the person who did not make it (a patient's change: their therapist; a therapist's: their patient),
// written in the change's own transaction (migration 0280). A person lists their unseen notices and marks
// them seen; nobody sees another's. A notice says only what its reader already sees of the appointment: who,
// when (before and after a move), the reason given.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import type { HandlerContext, Handlers } from '../../http/types.ts';
import { caller, hasScope, requireSelfPatient, requireSelfTherapist } from '../patients/access.ts';
import { zoneOf } from './slots.ts';

export type NoticeChange = 'booked' | 'moved' | 'cancelled';
export type Side = 'patient' | 'therapist';

/** The unseen notices one list shows (newest first); dismissing them brings older ones in. */
const LIST_LIMIT = 20;

/** Tells the other side of `by` about a change (inside the change's transaction). */
export async function tellOtherSide(
  db: Db,
  appointment: { id: string; patient_id: string; therapist_id: string },
  change: NoticeChange,
  by: Side,
  at: { start: number; previousStart?: number; reason?: string | null },
) {
  await db
    .insertInto('appointment_notices')
    .values({
      id: randomUUID(),
      appointment_id: appointment.id,
      recipient_id: by === 'patient' ? appointment.therapist_id : appointment.patient_id,
      change,
      by_side: by,
      starts_at: new Date(at.start),
      previous_starts_at: at.previousStart === undefined ? null : new Date(at.previousStart),
      reason: at.reason ?? null,
    })
    .execute();
}

/** The caller's id as a patient or a therapist (the two who may have notices). */
async function recipientOf(ctx: HandlerContext): Promise<string> {
  if (hasScope(caller(ctx), 'patient')) return (await requireSelfPatient(ctx)).id;
  return (await requireSelfTherapist(ctx)).id;
}

const unseenCount = async (db: Db, recipientId: string) =>
  Number(
    (
      await db
        .selectFrom('appointment_notices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('recipient_id', '=', recipientId)
        .where('seen_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export const noticeHandlers: Handlers = {
  listAppointmentNotices: async (_req, ctx) => {
    const me = await recipientOf(ctx);
    const [rows, unseen] = await Promise.all([
      ctx.db
        .selectFrom('appointment_notices as n')
        .innerJoin('appointments as a', 'a.id', 'n.appointment_id')
        .innerJoin('patients as p', 'p.id', 'a.patient_id')
        .innerJoin('therapists as t', 't.id', 'a.therapist_id')
        .select([
          'n.id',
          'n.appointment_id',
          'n.change',
          'n.by_side',
          'n.starts_at',
          'n.previous_starts_at',
          'n.reason',
          'n.created_at',
          'a.kind',
          'p.first_name as patient_first',
          'p.last_name as patient_last',
          't.first_name as therapist_first',
          't.last_name as therapist_last',
          't.timezone as therapist_timezone',
        ])
        .where('n.recipient_id', '=', me)
        .where('n.seen_at', 'is', null)
        .orderBy('n.created_at', 'desc')
        .orderBy('n.id', 'desc')
        .limit(LIST_LIMIT)
        .execute(),
      unseenCount(ctx.db, me),
    ]);
    return {
      items: rows.map((r) => ({
        noticeId: r.id,
        appointmentId: r.appointment_id,
        change: r.change,
        by: r.by_side,
        patientName: `${r.patient_first} ${r.patient_last}`,
        therapistName: `${r.therapist_first} ${r.therapist_last}`,
        therapistTimezone: zoneOf({ timezone: r.therapist_timezone }),
        kind: r.kind,
        start: iso(r.starts_at),
        previousStart: iso(r.previous_starts_at),
        reason: r.reason,
        createdAt: iso(r.created_at),
      })),
      unseen,
    };
  },

  /** Marks the caller's notices among `noticeIds` seen (anyone else's are left as they are). */
  markAppointmentNoticesSeen: async (_req, ctx) => {
    const me = await recipientOf(ctx);
    const ids = (ctx.body as { noticeIds: string[] }).noticeIds;
    await ctx.db
      .updateTable('appointment_notices')
      .set({ seen_at: new Date() })
      .where('recipient_id', '=', me)
      .where('id', 'in', ids)
      .where('seen_at', 'is', null)
      .execute();
    return { unseen: await unseenCount(ctx.db, me) };
  },
};
