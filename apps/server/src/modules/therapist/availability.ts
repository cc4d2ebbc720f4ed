// The signed-in therapist's weekly availability (tag `therapist`): slots by day of the week, in their timezone.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { HttpError, notFound, validationError } from '../../http/errors.ts';
import type { Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { requireSelfTherapist } from '../patients/access.ts';
import { assertAppointmentsKept } from '../appointments/availability-guard.ts';

interface SlotInput {
  dayOfWeek: number;
  start: string;
  end: string;
}

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};
const hhmm = (min: number) =>
  `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;

function slotRange(s: SlotInput) {
  const start = minutes(s.start);
  const end = minutes(s.end);
  if (end <= start)
    throw validationError('A slot must end after it starts.', { fields: { end: 'must be after start' } });
  return { start, end };
}

const toSlot = (r: { id: string; day_of_week: number; start_minute: number; end_minute: number }) => ({
  id: r.id,
  dayOfWeek: r.day_of_week,
  start: hhmm(r.start_minute),
  end: hhmm(r.end_minute),
});

/** Refuses a slot overlapping another of the therapist's slots on the same day (409 `overlap`). Call in a transaction. */
async function assertNoOverlap(
  db: Db,
  therapistId: string,
  day: number,
  range: { start: number; end: number },
  exceptId?: string,
) {
  // Lock the therapist's row so two concurrent changes cannot both pass the check.
  await db.selectFrom('therapists').select('id').where('id', '=', therapistId).forUpdate().execute();
  let q = db
    .selectFrom('therapist_availability')
    .select(['id', 'day_of_week', 'start_minute', 'end_minute'])
    .where('therapist_id', '=', therapistId)
    .where('day_of_week', '=', day)
    .where('start_minute', '<', range.end)
    .where('end_minute', '>', range.start);
  if (exceptId) q = q.where('id', '<>', exceptId);
  const clash = await q.executeTakeFirst();
  if (clash) {
    throw new HttpError(
      409,
      'overlap',
      `This slot overlaps your slot ${hhmm(clash.start_minute)}–${hhmm(clash.end_minute)} on the same day.`,
      { conflictingSlot: toSlot(clash) },
    );
  }
}

/** The therapist's slots, by day and start. */
export async function slots(db: Db, therapistId: string) {
  const rows = await db
    .selectFrom('therapist_availability')
    .select(['id', 'day_of_week', 'start_minute', 'end_minute'])
    .where('therapist_id', '=', therapistId)
    .orderBy('day_of_week')
    .orderBy('start_minute')
    .orderBy('id')
    .execute();
  return rows.map(toSlot);
}

export const availabilityHandlers: Handlers = {
  listMyAvailability: async (_req, ctx) => {
    const me = await requireSelfTherapist(ctx);
    return { timezone: me.timezone || null, slots: await slots(ctx.db, me.id) };
  },

  createAvailabilitySlot: async (_req, ctx) => {
    const me = await requireSelfTherapist(ctx);
    const input = ctx.body as SlotInput;
    const range = slotRange(input);
    const row = await ctx.db.transaction().execute(async (trx) => {
      await assertNoOverlap(trx, me.id, input.dayOfWeek, range);
      return trx
        .insertInto('therapist_availability')
        .values({
          id: randomUUID(),
          therapist_id: me.id,
          day_of_week: input.dayOfWeek,
          start_minute: range.start,
          end_minute: range.end,
        })
        .returning(['id', 'day_of_week', 'start_minute', 'end_minute'])
        .executeTakeFirstOrThrow();
    });
    return respond(201, toSlot(row));
  },

  updateAvailabilitySlot: async (_req, ctx) => {
    const me = await requireSelfTherapist(ctx);
    const input = ctx.body as SlotInput & { id: string };
    const range = slotRange(input);
    const row = await ctx.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('therapist_availability')
        .select('id')
        .where('id', '=', input.id)
        .where('therapist_id', '=', me.id)
        .executeTakeFirst();
      if (!existing) throw notFound('You have no such availability slot.');
      await assertNoOverlap(trx, me.id, input.dayOfWeek, range, input.id);
      const before = await slots(trx, me.id);
      const after = before.map((s) =>
        s.id === input.id
          ? { id: s.id, dayOfWeek: input.dayOfWeek, start: hhmm(range.start), end: hhmm(range.end) }
          : s,
      );
      const zone = me.timezone || 'UTC';
      await assertAppointmentsKept(trx, me.id, { slots: before, zone }, { slots: after, zone });
      return trx
        .updateTable('therapist_availability')
        .set({
          day_of_week: input.dayOfWeek,
          start_minute: range.start,
          end_minute: range.end,
          updated_at: new Date(),
        })
        .where('id', '=', input.id)
        .returning(['id', 'day_of_week', 'start_minute', 'end_minute'])
        .executeTakeFirstOrThrow();
    });
    return toSlot(row);
  },

  deleteAvailabilitySlot: async (_req, ctx) => {
    const me = await requireSelfTherapist(ctx);
    const slotId = String(ctx.query.slotId);
    await ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('therapists').select('id').where('id', '=', me.id).forUpdate().execute();
      const before = await slots(trx, me.id);
      if (!before.some((s) => s.id === slotId)) throw notFound('You have no such availability slot.');
      const zone = me.timezone || 'UTC';
      await assertAppointmentsKept(
        trx,
        me.id,
        { slots: before, zone },
        { slots: before.filter((s) => s.id !== slotId), zone },
      );
      await trx
        .deleteFrom('therapist_availability')
        .where('id', '=', slotId)
        .where('therapist_id', '=', me.id)
        .execute();
    });
    return respond(204);
  },
};
