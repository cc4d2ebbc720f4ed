// The patient's own moments, writing (tag `moments`): one moment, a journal entry, sync and batch sync, and
// the timestamps the apps sync against. Idempotency rules in ./model.ts.
import { retryOnConflict } from '../../db/conflicts.ts';
import { validationError } from '../../http/errors.ts';
import type { HandlerContext, Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { requireMomentTypesOffered } from '../organisations/offered.ts';
import { requireSelfPatient } from '../patients/access.ts';
import {
  JOURNAL_TYPES,
  SERVER_ONLY_TYPES,
  checkMoment,
  storeMoment,
  toMoment,
  type MomentInput,
  type MomentRow,
  type StoreOutcome,
} from './model.ts';
import { asArray } from './reading.ts';

function refuseServerOnly(eventType: string, field: string) {
  if (SERVER_ONLY_TYPES.includes(eventType)) {
    throw validationError(
      eventType === 'note'
        ? 'Notes are written by therapists.'
        : 'Files are added through the file upload policy.',
      { fields: { [field]: `${eventType} moments cannot be written here` } },
    );
  }
}

async function addOne(ctx: HandlerContext, allowed?: readonly string[]) {
  const patient = await requireSelfPatient(ctx);
  const eventType = String(ctx.query.eventType);
  const moment = ctx.body as MomentInput;
  if (moment.eventType !== eventType) {
    throw validationError(`The query says ${eventType} but the moment is ${moment.eventType}.`, {
      fields: { eventType: 'must equal the body eventType' },
    });
  }
  if (allowed && !allowed.includes(eventType)) {
    throw validationError('Journal entries are journal or CBT moments.', {
      fields: { eventType: `must be one of ${allowed.join(', ')}` },
    });
  }
  refuseServerOnly(eventType, 'eventType');
  checkMoment(moment);
  await requireMomentTypesOffered(ctx.db, patient.organisation_id, [eventType]);
  // The same momentId sent twice at once: the loser's insert conflicts, and its second run finds the row.
  const { row } = await retryOnConflict(() =>
    ctx.db.transaction().execute((trx) => storeMoment(trx, patient.id, moment, patient.id)),
  );
  return respond(201, toMoment(row, ctx.config.apiUrl));
}

interface Batch {
  eventType: string;
  startFrom: number;
  endAt: number;
  events: MomentInput[];
}

function checkBatch(b: Batch, prefix: string) {
  if (b.endAt <= b.startFrom) {
    throw validationError('The sync window is empty: endAt must be after startFrom.', {
      fields: { [`${prefix}endAt`]: 'must be after startFrom' },
    });
  }
  refuseServerOnly(b.eventType, `${prefix}eventType`);
  b.events.forEach((e, i) => {
    const at = `${prefix}events.${i}.`;
    if (e.eventType !== b.eventType)
      throw validationError(`Event ${i} is ${e.eventType}, not ${b.eventType}.`, {
        fields: { [`${at}eventType`]: `must be ${b.eventType}` },
      });
    if (e.start < b.startFrom || e.start >= b.endAt) {
      throw validationError(`Event ${i} starts outside the sync window.`, {
        fields: { [`${at}start`]: 'must be in [startFrom, endAt)' },
      });
    }
    checkMoment(e, at);
  });
}

async function runBatch(ctx: HandlerContext, trx: HandlerContext['db'], patientId: string, b: Batch) {
  const counts: Record<StoreOutcome, number> = { stored: 0, unchanged: 0 };
  for (const e of b.events) counts[(await storeMoment(trx, patientId, e, patientId)).outcome] += 1;
  const rows = (await trx
    .selectFrom('moments')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('event_type', '=', b.eventType)
    .where('start_at', '>=', new Date(b.startFrom))
    .where('start_at', '<', new Date(b.endAt))
    .orderBy('start_at')
    .orderBy('id')
    .execute()) as MomentRow[];
  return {
    eventType: b.eventType,
    startFrom: b.startFrom,
    endAt: b.endAt,
    stored: counts.stored,
    unchanged: counts.unchanged,
    events: rows.map((r) => toMoment(r, ctx.config.apiUrl)),
  };
}

export const writeHandlers: Handlers = {
  addMoment: (_req, ctx) => addOne(ctx),
  addJournalMoment: (_req, ctx) => addOne(ctx, JOURNAL_TYPES),

  syncMoments: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    const batch: Batch = {
      eventType: String(ctx.query.eventType),
      startFrom: Number(ctx.query.startFrom),
      endAt: Number(ctx.query.endAt),
      events: (ctx.body as { events: MomentInput[] }).events,
    };
    checkBatch(batch, '');
    if (batch.events.length > 0)
      await requireMomentTypesOffered(ctx.db, patient.organisation_id, [batch.eventType]);
    return retryOnConflict(() =>
      ctx.db.transaction().execute((trx) => runBatch(ctx, trx, patient.id, batch)),
    );
  },

  batchSyncMoments: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    const batches = (ctx.body as { batches: Batch[] }).batches;
    batches.forEach((b, i) => checkBatch(b, `batches.${i}.`));
    await requireMomentTypesOffered(
      ctx.db,
      patient.organisation_id,
      batches.filter((b) => b.events.length > 0).map((b) => b.eventType),
    );
    return retryOnConflict(() =>
      ctx.db.transaction().execute(async (trx) => {
        const results = [];
        for (const b of batches) results.push(await runBatch(ctx, trx, patient.id, b));
        return { results };
      }),
    );
  },

  getMomentBatchTimestamps: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    const types = asArray(ctx.query.eventType);
    const rows = await ctx.db
      .selectFrom('moments')
      .select(['event_type', (eb) => eb.fn.max('updated_at').as('latest')])
      .where('patient_id', '=', patient.id)
      .where('event_type', 'in', types)
      .groupBy('event_type')
      .execute();
    const timestamps: Record<string, number | null> = {};
    for (const t of types) {
      const row = rows.find((r) => r.event_type === t);
      timestamps[t] = row?.latest ? new Date(row.latest).getTime() : null;
    }
    return { timestamps };
  },

  getMomentTimestamps: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    const eventType = String(ctx.query.eventType);
    const rows = await ctx.db
      .selectFrom('moments')
      .select(['id', 'start_at', 'updated_at'])
      .where('patient_id', '=', patient.id)
      .where('event_type', '=', eventType)
      .orderBy('start_at')
      .orderBy('id')
      .execute();
    return {
      eventType,
      moments: rows.map((r) => ({
        momentId: r.id,
        start: new Date(r.start_at).getTime(),
        updatedAt: new Date(r.updated_at).getTime(),
      })),
    };
  },
};
