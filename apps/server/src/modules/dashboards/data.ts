// The figures of each dashboard view, as data the admin app draws (charts, each with the table of exactly
// what it draws) — getDashboardEmbedData's `data`. Real aggregates of the organisation and its descendants.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { engagement, screeningTotal, usage } from '../reporting/aggregates.ts';
import { patientCount, therapistCount, waitingPatients } from '../organisations/numbers.ts';
import { OUTCOME_MEASURES, screeningOutcomes, type TimedResult } from './outcomes.ts';

export const VIEW_IDS = ['overview', 'screening', 'engagement', 'chat-activity'] as const;
export type DashboardViewId = (typeof VIEW_IDS)[number];

export interface DashboardChart {
  chartId: string;
  title: string;
  kind: 'line' | 'bar';
  x: 'week' | 'band' | 'measure';
  series: Array<{ key: string; name: string }>;
  rows: Array<{ label: string; values: number[] }>;
}

export interface DashboardData {
  organisationId: string;
  organisationName: string;
  generatedAt: string;
  from: string;
  to: string;
  figures: Array<{ key: string; name: string; value: number }>;
  charts: DashboardChart[];
}

const DAY = 86_400_000;
export const WEEKS = 12;
export const SCREENING_DAYS = 90;
const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
/** Monday of the ISO week of d (UTC). */
export const mondayOf = (d: Date) => new Date(startOfUtcDay(d).getTime() - ((d.getUTCDay() + 6) % 7) * DAY);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The last 12 ISO weeks (UTC Mondays), oldest first, and the period they cover. */
export function weeksOf(now: Date): { weeks: string[]; from: Date; to: Date } {
  const from = new Date(mondayOf(now).getTime() - (WEEKS - 1) * 7 * DAY);
  const weeks = Array.from({ length: WEEKS }, (_, i) => isoDay(new Date(from.getTime() + i * 7 * DAY)));
  return { weeks, from, to: new Date(startOfUtcDay(now).getTime() + DAY) };
}

const weekly = (weeks: string[], series: Array<Map<string, number>>) =>
  weeks.map((label) => ({ label, values: series.map((s) => s.get(label) ?? 0) }));

/**
 * The overview is of the organisation itself, like its page, Roles and Home: its patients, therapists and
 * waiting patients are the organisation's numbers (../organisations/numbers.ts); the other views compare it
 * with the organisations below it, one row each.
 */
async function overview(
  db: Db,
  ids: string[],
  now: Date,
): Promise<Pick<DashboardData, 'figures' | 'charts' | 'from'>> {
  const own = ids.slice(0, 1);
  return overviewOf(db, own, now);
}

async function overviewOf(
  db: Db,
  ids: string[],
  now: Date,
): Promise<Pick<DashboardData, 'figures' | 'charts' | 'from'>> {
  const { weeks, from, to } = weeksOf(now);
  const [patients, therapists, waiting] = await Promise.all([
    patientCount(db, ids[0]!),
    therapistCount(db, ids[0]!),
    waitingPatients(db, ids[0]!),
  ]);
  const totals = await usage(db, ids, { from, to });
  const recent = await usage(db, ids, { from: new Date(to.getTime() - 30 * DAY), to });
  const perWeek = new Map<string, number>();
  for (const r of (await engagement(db, ids, { from, to })).rows)
    perWeek.set(String(r[2]), (perWeek.get(String(r[2])) ?? 0) + Number(r[4]));
  const sum = (rows: typeof totals.rows, col: number) => rows.reduce((a, r) => a + Number(r[col]), 0);
  return {
    from: isoDay(from),
    figures: [
      { key: 'patients', name: 'Patients', value: patients },
      { key: 'waitingPatients', name: 'Waiting for a therapist', value: waiting.count },
      { key: 'activePatients30', name: 'Active patients (30 days)', value: sum(recent.rows, 3) },
      { key: 'therapists', name: 'Therapists', value: therapists },
      { key: 'moments', name: 'Moments (12 weeks)', value: sum(totals.rows, 5) },
    ],
    charts: [
      {
        chartId: 'moments-per-week',
        title: 'Moments per week',
        kind: 'bar',
        x: 'week',
        series: [{ key: 'moments', name: 'Moments' }],
        rows: weekly(weeks, [perWeek]),
      },
    ],
  };
}

async function engagementView(
  db: Db,
  ids: string[],
  now: Date,
): Promise<Pick<DashboardData, 'figures' | 'charts' | 'from'>> {
  const { weeks, from, to } = weeksOf(now);
  const active = new Map<string, number>();
  const moments = new Map<string, number>();
  // A patient belongs to one organisation, so the organisations' distinct counts add up.
  for (const r of (await engagement(db, ids, { from, to })).rows) {
    active.set(String(r[2]), (active.get(String(r[2])) ?? 0) + Number(r[3]));
    moments.set(String(r[2]), (moments.get(String(r[2])) ?? 0) + Number(r[4]));
  }
  return {
    from: isoDay(from),
    figures: [],
    charts: [
      {
        chartId: 'engagement-per-week',
        title: 'Active patients and moments per week',
        kind: 'line',
        x: 'week',
        series: [
          { key: 'activePatients', name: 'Active patients' },
          { key: 'moments', name: 'Moments' },
        ],
        rows: weekly(weeks, [active, moments]),
      },
    ],
  };
}

async function screeningView(
  db: Db,
  ids: string[],
  now: Date,
): Promise<Pick<DashboardData, 'figures' | 'charts' | 'from'>> {
  const to = new Date(startOfUtcDay(now).getTime() + DAY);
  const from = new Date(to.getTime() - SCREENING_DAYS * DAY);
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('moments')
          .innerJoin('patients', 'patients.id', 'moments.patient_id')
          .select([
            'moments.patient_id as patient_id',
            'moments.event_type as event_type',
            'moments.start_at as start_at',
            'moments.body as body',
          ])
          .where('patients.organisation_id', 'in', ids)
          .where('moments.event_type', 'in', ['phq9', 'gad7'])
          .where('moments.start_at', '>=', from)
          .where('moments.start_at', '<', to)
          .execute();
  const figures: DashboardData['figures'] = [];
  const charts: DashboardChart[] = [];
  for (const type of ['phq9', 'gad7'] as const) {
    const label = type === 'phq9' ? 'PHQ-9' : 'GAD-7';
    const results: TimedResult[] = [];
    for (const r of rows) {
      const total = r.event_type === type ? screeningTotal(r.body) : null;
      if (total !== null) results.push({ patientId: r.patient_id, at: new Date(r.start_at), total });
    }
    const o = screeningOutcomes(type, results);
    figures.push({ key: `${type}-screened`, name: `Patients with a ${label} result`, value: o.screened });
    charts.push({
      chartId: `${type}-bands`,
      title: `${label}: patients by band of their latest result`,
      kind: 'bar',
      x: 'band',
      series: [{ key: 'patients', name: 'Patients' }],
      rows: o.bands.map((b) => ({ label: b.band, values: [b.patients] })),
    });
    charts.push({
      chartId: `${type}-outcomes`,
      title: `${label}: first and last result compared (patients with two or more)`,
      kind: 'bar',
      x: 'measure',
      series: [{ key: 'patients', name: 'Patients' }],
      rows: OUTCOME_MEASURES.map((m) => ({ label: m, values: [o.outcomes[m]] })),
    });
  }
  return { from: isoDay(from), figures, charts };
}

async function chatView(
  db: Db,
  ids: string[],
  now: Date,
): Promise<Pick<DashboardData, 'figures' | 'charts' | 'from'>> {
  const { weeks, from, to } = weeksOf(now);
  const fromPatients = new Map<string, number>();
  const fromTherapists = new Map<string, number>();
  const requests = new Map<string, number>();
  const emergency = new Map<string, number>();
  if (ids.length > 0) {
    const messageWeek = sql<string>`to_char(date_trunc('week', chat_messages.created_at at time zone 'UTC'), 'YYYY-MM-DD')`;
    const messages = await db
      .selectFrom('chat_messages')
      .innerJoin('chat_sessions', 'chat_sessions.id', 'chat_messages.session_id')
      .innerJoin('patients', 'patients.id', 'chat_sessions.patient_id')
      .select([
        messageWeek.as('week'),
        sql<number>`count(*) filter (where chat_messages.sender_id = chat_sessions.patient_id)`.as(
          'from_patients',
        ),
        sql<number>`count(*) filter (where chat_messages.sender_id is distinct from chat_sessions.patient_id)`.as(
          'from_therapists',
        ),
      ])
      .where('patients.organisation_id', 'in', ids)
      .where('chat_messages.created_at', '>=', from)
      .where('chat_messages.created_at', '<', to)
      .groupBy(messageWeek)
      .execute();
    for (const m of messages) {
      fromPatients.set(m.week, Number(m.from_patients));
      fromTherapists.set(m.week, Number(m.from_therapists));
    }
    const sessionWeek = sql<string>`to_char(date_trunc('week', chat_sessions.created_at at time zone 'UTC'), 'YYYY-MM-DD')`;
    const sessions = await db
      .selectFrom('chat_sessions')
      .innerJoin('patients', 'patients.id', 'chat_sessions.patient_id')
      .select([
        sessionWeek.as('week'),
        (eb) => eb.fn.countAll<number>().as('requests'),
        sql<number>`count(*) filter (where chat_sessions.emergency)`.as('emergency'),
      ])
      .where('patients.organisation_id', 'in', ids)
      .where('chat_sessions.created_at', '>=', from)
      .where('chat_sessions.created_at', '<', to)
      .groupBy(sessionWeek)
      .execute();
    for (const s of sessions) {
      requests.set(s.week, Number(s.requests));
      emergency.set(s.week, Number(s.emergency));
    }
  }
  const total = (m: Map<string, number>) => [...m.values()].reduce((a, v) => a + v, 0);
  return {
    from: isoDay(from),
    figures: [
      { key: 'messagesFromPatients', name: 'Messages from patients (12 weeks)', value: total(fromPatients) },
      {
        key: 'messagesFromTherapists',
        name: 'Messages from therapists (12 weeks)',
        value: total(fromTherapists),
      },
      { key: 'chatRequests', name: 'Chats started (12 weeks)', value: total(requests) },
    ],
    charts: [
      {
        chartId: 'messages-per-week',
        title: 'Chat messages per week',
        kind: 'line',
        x: 'week',
        series: [
          { key: 'fromPatients', name: 'From patients' },
          { key: 'fromTherapists', name: 'From therapists' },
        ],
        rows: weekly(weeks, [fromPatients, fromTherapists]),
      },
      {
        chartId: 'chats-per-week',
        title: 'Chats started per week',
        kind: 'bar',
        x: 'week',
        series: [
          { key: 'requests', name: 'Chats started' },
          { key: 'emergency', name: 'Of which emergency' },
        ],
        rows: weekly(weeks, [requests, emergency]),
      },
    ],
  };
}

const BUILDERS: Record<
  DashboardViewId,
  (db: Db, ids: string[], now: Date) => Promise<Pick<DashboardData, 'figures' | 'charts' | 'from'>>
> = {
  overview,
  screening: screeningView,
  engagement: engagementView,
  'chat-activity': chatView,
};

/** The view's figures for the organisation (covering `ids`: it and its descendants). */
export async function dashboardData(
  db: Db,
  viewId: DashboardViewId,
  organisation: { id: string; name: string },
  ids: string[],
  now = new Date(),
): Promise<DashboardData> {
  const built = await BUILDERS[viewId](db, ids, now);
  return {
    organisationId: organisation.id,
    organisationName: organisation.name,
    generatedAt: now.toISOString(),
    from: built.from,
    to: isoDay(startOfUtcDay(now)),
    figures: built.figures,
    charts: built.charts,
  };
}
