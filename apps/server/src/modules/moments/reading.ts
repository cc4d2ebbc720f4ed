// The patient's own moments, reading (tag `moments`): the latest of each kind, the activity counters and
// totals, and the paged progress lists. Cursor rules in ./model.ts, pages in ./pages.ts.
import { sql } from 'kysely';
import { validationError } from '../../http/errors.ts';
import type { HandlerContext, Handlers } from '../../http/types.ts';
import { requireSelfPatient } from '../patients/access.ts';
import { CBT_ENTRY_TYPES, PROGRESS_TYPES, toMoment, type MomentRow } from './model.ts';
import { decodeCursor, latestMoments, pageMoments } from './pages.ts';

async function latestOne(ctx: HandlerContext, types: readonly string[]) {
  const patient = await requireSelfPatient(ctx);
  const [row] = await latestMoments(ctx.db, patient.id, types, 1);
  return { moment: row ? toMoment(row, ctx.config.apiUrl) : null };
}

async function latestList(ctx: HandlerContext, type: string) {
  const patient = await requireSelfPatient(ctx);
  const rows = await latestMoments(ctx.db, patient.id, [type], Number(ctx.query.limit ?? 10));
  return { items: rows.map((r) => toMoment(r, ctx.config.apiUrl)) };
}

async function page(ctx: HandlerContext, types: readonly string[]) {
  const patient = await requireSelfPatient(ctx);
  const from = ctx.query.from === undefined ? undefined : Number(ctx.query.from);
  const to = ctx.query.to === undefined ? undefined : Number(ctx.query.to);
  if (from !== undefined && to !== undefined && to <= from) {
    throw validationError('The time window is empty: to must be after from.', {
      fields: { to: 'must be after from' },
    });
  }
  const cursor =
    typeof ctx.query.lastDoc === 'string' && ctx.query.lastDoc !== ''
      ? decodeCursor(ctx.query.lastDoc, 'lastDoc')
      : undefined;
  const { rows, next } = await pageMoments(ctx.db, {
    patientId: patient.id,
    types,
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { before: to } : {}),
    limit: Number(ctx.query.limit ?? 20),
    ...(cursor ? { cursor } : {}),
  });
  return { items: rows.map((r) => toMoment(r, ctx.config.apiUrl)), lastDoc: next };
}

export const asArray = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(String) : v === undefined ? [] : [String(v)];

/** Duration of an activity moment: body.durationSeconds, else its start-to-end time. */
const durationSql = sql<number>`coalesce(case when jsonb_typeof(body->'durationSeconds') = 'number' then (body->>'durationSeconds')::numeric end, extract(epoch from (end_at - start_at)))`;

export const readHandlers: Handlers = {
  getLatestPositiveReading: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    const [latest] = await latestMoments(ctx.db, patient.id, ['positive-reading'], 1);
    if (!latest) return { moment: null };
    const moment = toMoment(latest, ctx.config.apiUrl);
    if (ctx.query.mergeReadings !== true) return { moment };
    // The readings of the latest reading's (UTC) day merged into one: readings in time order, latest end.
    const day = new Date(moment.start);
    day.setUTCHours(0, 0, 0, 0);
    const sameDay = (await ctx.db
      .selectFrom('moments')
      .selectAll()
      .where('patient_id', '=', patient.id)
      .where('event_type', '=', 'positive-reading')
      .where('start_at', '>=', day)
      .where('start_at', '<', new Date(day.getTime() + 86_400_000))
      .orderBy('start_at')
      .orderBy('id')
      .execute()) as MomentRow[];
    const all = sameDay.map((r) => toMoment(r, ctx.config.apiUrl));
    const readings = all.flatMap((m) =>
      Array.isArray(m.body.readings) ? (m.body.readings as unknown[]) : [],
    );
    return {
      moment: {
        ...moment,
        start: Math.min(...all.map((m) => m.start)),
        end: Math.max(...all.map((m) => m.end)),
        body: { ...moment.body, readings },
      },
    };
  },

  getLatestRiskFactor: (_req, ctx) => latestOne(ctx, ['risk-factor']),
  getLatestResilience: (_req, ctx) => latestOne(ctx, ['resilience']),
  getLatestUnhealthyThinking: (_req, ctx) => latestOne(ctx, ['cbt-unhealthy']),
  getLatestHotThoughtEntry: (_req, ctx) => latestOne(ctx, ['cbt-hot-thought']),
  getLatestCbtEvidenceEntry: (_req, ctx) => latestOne(ctx, ['cbt-evidence']),
  getLatestCheckup: (_req, ctx) => latestOne(ctx, ['checkup']),
  getLatestCbtScreening: (_req, ctx) => latestOne(ctx, ['cbt-screening']),
  getLatestCbt: (_req, ctx) => latestOne(ctx, [...CBT_ENTRY_TYPES, 'cbt-screening']),

  getLatestQuizResults: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    const rows = (await ctx.db
      .selectFrom('moments')
      .selectAll()
      .distinctOn(sql`body->>'quizId'`)
      .where('patient_id', '=', patient.id)
      .where('event_type', '=', 'quiz')
      .orderBy(sql`body->>'quizId'`)
      .orderBy('start_at', 'desc')
      .orderBy('id', 'desc')
      .execute()) as MomentRow[];
    rows.sort(
      (a, b) => new Date(b.start_at).getTime() - new Date(a.start_at).getTime() || (a.id < b.id ? 1 : -1),
    );
    return { items: rows.map((r) => toMoment(r, ctx.config.apiUrl)) };
  },

  getLatestScreening: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    const [phq9] = await latestMoments(ctx.db, patient.id, ['phq9'], 1);
    const [gad7] = await latestMoments(ctx.db, patient.id, ['gad7'], 1);
    return {
      phq9: phq9 ? toMoment(phq9, ctx.config.apiUrl) : null,
      gad7: gad7 ? toMoment(gad7, ctx.config.apiUrl) : null,
    };
  },

  listLatestCoreBeliefEntries: (_req, ctx) => latestList(ctx, 'cbt-core-belief'),
  listLatestBeingObjectiveEntries: (_req, ctx) => latestList(ctx, 'cbt-being-objective'),
  listLatestAutomaticThoughtsEntries: (_req, ctx) => latestList(ctx, 'cbt-automatic-thoughts'),

  listLatestRelaxationLevels: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    const rows = await latestMoments(ctx.db, patient.id, ['relaxation'], Number(ctx.query.count ?? 10));
    return { items: rows.map((r) => toMoment(r, ctx.config.apiUrl)) };
  },

  getActivityCounters: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    const ids = asArray(ctx.query.activityIds);
    const startTime = Number(ctx.query.startTime);
    const activityId = sql<string>`body->>'activityId'`;
    const rows = await ctx.db
      .selectFrom('moments')
      .select([activityId.as('activity_id'), (eb) => eb.fn.countAll<number>().as('count')])
      .where('patient_id', '=', patient.id)
      .where('event_type', '=', 'activity')
      .where('start_at', '>=', new Date(startTime))
      .where(activityId, 'in', ids)
      .groupBy(activityId)
      .execute();
    const counters: Record<string, number> = {};
    for (const id of ids) counters[id] = Number(rows.find((r) => r.activity_id === id)?.count ?? 0);
    return { startTime, counters };
  },

  getActivityTotals: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    const ids = asArray(ctx.query.activityIds);
    const activityId = sql<string>`body->>'activityId'`;
    const rows = await ctx.db
      .selectFrom('moments')
      .select([
        activityId.as('activity_id'),
        (eb) => eb.fn.countAll<number>().as('count'),
        sql<number>`coalesce(sum(${durationSql}), 0)`.as('seconds'),
      ])
      .where('patient_id', '=', patient.id)
      .where('event_type', '=', 'activity')
      .where(activityId, 'in', ids)
      .groupBy(activityId)
      .execute();
    const totals: Record<string, { count: number; durationSeconds: number }> = {};
    for (const id of ids) {
      const row = rows.find((r) => r.activity_id === id);
      totals[id] = { count: Number(row?.count ?? 0), durationSeconds: Math.round(Number(row?.seconds ?? 0)) };
    }
    return { totals };
  },

  listProgressMoments: (_req, ctx) => page(ctx, PROGRESS_TYPES),
  listHotThoughtMoments: (_req, ctx) => page(ctx, ['cbt-hot-thought']),
};
