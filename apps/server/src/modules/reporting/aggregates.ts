// Real aggregates of the database for reports (CSV) and dashboards. Every function takes the
// organisations to cover and a UTC period [from, to) and answers one row per organisation (and per
// week, band or survey where the report says so). Patients count for the organisation they belong to now.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Cell } from './csv.ts';

export const REPORT_TYPES = [
  'usage',
  'screening-outcomes',
  'engagement',
  'chat-activity',
  'survey-responses',
  'research-data',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export interface Table {
  header: string[];
  rows: Cell[][];
}

export interface Period {
  from: Date;
  to: Date;
}

/** PHQ-9 bands (Kroenke, Spitzer & Williams 2001) and GAD-7 bands (Spitzer et al. 2006) from the total. */
export const BANDS = {
  phq9: ['minimal', 'mild', 'moderate', 'moderately-severe', 'severe'],
  gad7: ['minimal', 'mild', 'moderate', 'severe'],
} as const;

export function bandOf(instrument: 'phq9' | 'gad7', total: number): string {
  if (total <= 4) return 'minimal';
  if (total <= 9) return 'mild';
  if (total <= 14) return 'moderate';
  if (instrument === 'gad7') return 'severe';
  return total <= 19 ? 'moderately-severe' : 'severe';
}

/** A screening result's total: the stored total, else the sum of its items. */
export function screeningTotal(body: unknown): number | null {
  const b = (body ?? {}) as { total?: unknown; items?: unknown };
  if (typeof b.total === 'number' && Number.isFinite(b.total)) return b.total;
  if (Array.isArray(b.items) && b.items.every((i) => typeof i === 'number'))
    return (b.items as number[]).reduce((a, c) => a + c, 0);
  return null;
}

interface OrgName {
  id: string;
  name: string;
}

async function orgNames(db: Db, ids: string[]): Promise<OrgName[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('organisations').select(['id', 'name']).where('id', 'in', ids).execute();
  return rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1));
}

const countBy = (rows: Array<{ organisation_id: string; n: number | string | bigint }>) =>
  new Map(rows.map((r) => [r.organisation_id, Number(r.n)]));

export async function usage(db: Db, ids: string[], period: Period): Promise<Table> {
  const orgs = await orgNames(db, ids);
  if (orgs.length === 0) return { header: USAGE_HEADER, rows: [] };
  const patients = countBy(
    await db
      .selectFrom('patients')
      .select(['organisation_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('organisation_id', 'in', ids)
      .groupBy('organisation_id')
      .execute(),
  );
  const therapists = countBy(
    await db
      .selectFrom('therapists')
      .select(['organisation_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('organisation_id', 'in', ids)
      .groupBy('organisation_id')
      .execute(),
  );
  const moments = await db
    .selectFrom('moments')
    .innerJoin('patients', 'patients.id', 'moments.patient_id')
    .select([
      'patients.organisation_id as organisation_id',
      (eb) => eb.fn.countAll<number>().as('moments'),
      sql<number>`count(distinct moments.patient_id)`.as('active'),
      sql<number>`count(*) filter (where moments.event_type = 'journal')`.as('journals'),
      sql<number>`count(*) filter (where moments.event_type = 'checkup')`.as('checkups'),
      sql<number>`count(*) filter (where moments.event_type in ('phq9', 'gad7'))`.as('screenings'),
    ])
    .where('patients.organisation_id', 'in', ids)
    .where('moments.start_at', '>=', period.from)
    .where('moments.start_at', '<', period.to)
    .groupBy('patients.organisation_id')
    .execute();
  const byOrg = new Map(moments.map((m) => [m.organisation_id, m]));
  return {
    header: USAGE_HEADER,
    rows: orgs.map((o) => {
      const m = byOrg.get(o.id);
      return [
        o.id,
        o.name,
        patients.get(o.id) ?? 0,
        Number(m?.active ?? 0),
        therapists.get(o.id) ?? 0,
        Number(m?.moments ?? 0),
        Number(m?.journals ?? 0),
        Number(m?.checkups ?? 0),
        Number(m?.screenings ?? 0),
      ];
    }),
  };
}
const USAGE_HEADER = [
  'organisation_id',
  'organisation_name',
  'patients',
  'active_patients',
  'therapists',
  'moments',
  'journals',
  'checkups',
  'screenings',
];

/** Every PHQ-9/GAD-7 result in the period: counted by band (results, and distinct patients). */
export async function screeningOutcomes(db: Db, ids: string[], period: Period): Promise<Table> {
  const header = ['organisation_id', 'organisation_name', 'instrument', 'band', 'results', 'patients'];
  const orgs = await orgNames(db, ids);
  if (orgs.length === 0) return { header, rows: [] };
  const rows = await db
    .selectFrom('moments')
    .innerJoin('patients', 'patients.id', 'moments.patient_id')
    .select([
      'patients.organisation_id as organisation_id',
      'moments.patient_id as patient_id',
      'moments.event_type as event_type',
      'moments.body as body',
    ])
    .where('patients.organisation_id', 'in', ids)
    .where('moments.event_type', 'in', ['phq9', 'gad7'])
    .where('moments.start_at', '>=', period.from)
    .where('moments.start_at', '<', period.to)
    .execute();
  const counts = new Map<string, { results: number; patients: Set<string> }>();
  for (const r of rows) {
    const total = screeningTotal(r.body);
    if (total === null) continue;
    const instrument = r.event_type as 'phq9' | 'gad7';
    const key = `${r.organisation_id}|${instrument}|${bandOf(instrument, total)}`;
    const entry = counts.get(key) ?? { results: 0, patients: new Set<string>() };
    entry.results += 1;
    entry.patients.add(r.patient_id);
    counts.set(key, entry);
  }
  const out: Cell[][] = [];
  for (const o of orgs) {
    for (const instrument of ['phq9', 'gad7'] as const) {
      for (const band of BANDS[instrument]) {
        const c = counts.get(`${o.id}|${instrument}|${band}`);
        out.push([o.id, o.name, instrument, band, c?.results ?? 0, c?.patients.size ?? 0]);
      }
    }
  }
  return { header, rows: out };
}

/** Per organisation and ISO week (Monday, UTC): active patients and moments. */
export async function engagement(db: Db, ids: string[], period: Period): Promise<Table> {
  const header = [
    'organisation_id',
    'organisation_name',
    'week_starting',
    'active_patients',
    'moments',
    'moments_per_active_patient',
  ];
  const orgs = await orgNames(db, ids);
  if (orgs.length === 0) return { header, rows: [] };
  const week = sql<string>`to_char(date_trunc('week', moments.start_at at time zone 'UTC'), 'YYYY-MM-DD')`;
  const rows = await db
    .selectFrom('moments')
    .innerJoin('patients', 'patients.id', 'moments.patient_id')
    .select([
      'patients.organisation_id as organisation_id',
      week.as('week'),
      (eb) => eb.fn.countAll<number>().as('moments'),
      sql<number>`count(distinct moments.patient_id)`.as('active'),
    ])
    .where('patients.organisation_id', 'in', ids)
    .where('moments.start_at', '>=', period.from)
    .where('moments.start_at', '<', period.to)
    .groupBy(['patients.organisation_id', week])
    .execute();
  const names = new Map(orgs.map((o) => [o.id, o.name]));
  const order = new Map(orgs.map((o, i) => [o.id, i]));
  return {
    header,
    rows: rows
      .sort(
        (a, b) => order.get(a.organisation_id)! - order.get(b.organisation_id)! || (a.week < b.week ? -1 : 1),
      )
      .map((r) => {
        const active = Number(r.active);
        const moments = Number(r.moments);
        return [
          r.organisation_id,
          names.get(r.organisation_id) ?? '',
          r.week,
          active,
          moments,
          active ? Math.round((moments / active) * 100) / 100 : 0,
        ];
      }),
  };
}

export async function chatActivity(db: Db, ids: string[], period: Period): Promise<Table> {
  const header = [
    'organisation_id',
    'organisation_name',
    'chat_requests',
    'emergency_requests',
    'accepted',
    'ended',
    'messages_from_patients',
    'messages_from_therapists',
  ];
  const orgs = await orgNames(db, ids);
  if (orgs.length === 0) return { header, rows: [] };
  const sessions = await db
    .selectFrom('chat_sessions')
    .innerJoin('patients', 'patients.id', 'chat_sessions.patient_id')
    .select([
      'patients.organisation_id as organisation_id',
      (eb) => eb.fn.countAll<number>().as('requests'),
      sql<number>`count(*) filter (where chat_sessions.emergency)`.as('emergency'),
      sql<number>`count(*) filter (where chat_sessions.accepted_at is not null or chat_sessions.therapist_id is not null)`.as(
        'accepted',
      ),
      sql<number>`count(*) filter (where chat_sessions.status = 'ended')`.as('ended'),
    ])
    .where('patients.organisation_id', 'in', ids)
    .where('chat_sessions.created_at', '>=', period.from)
    .where('chat_sessions.created_at', '<', period.to)
    .groupBy('patients.organisation_id')
    .execute();
  const messages = await db
    .selectFrom('chat_messages')
    .innerJoin('chat_sessions', 'chat_sessions.id', 'chat_messages.session_id')
    .innerJoin('patients', 'patients.id', 'chat_sessions.patient_id')
    .select([
      'patients.organisation_id as organisation_id',
      sql<number>`count(*) filter (where chat_messages.sender_id = chat_sessions.patient_id)`.as(
        'from_patients',
      ),
      sql<number>`count(*) filter (where chat_messages.sender_id <> chat_sessions.patient_id)`.as(
        'from_therapists',
      ),
    ])
    .where('patients.organisation_id', 'in', ids)
    .where('chat_messages.created_at', '>=', period.from)
    .where('chat_messages.created_at', '<', period.to)
    .groupBy('patients.organisation_id')
    .execute();
  const s = new Map(sessions.map((r) => [r.organisation_id, r]));
  const m = new Map(messages.map((r) => [r.organisation_id, r]));
  return {
    header,
    rows: orgs.map((o) => [
      o.id,
      o.name,
      Number(s.get(o.id)?.requests ?? 0),
      Number(s.get(o.id)?.emergency ?? 0),
      Number(s.get(o.id)?.accepted ?? 0),
      Number(s.get(o.id)?.ended ?? 0),
      Number(m.get(o.id)?.from_patients ?? 0),
      Number(m.get(o.id)?.from_therapists ?? 0),
    ]),
  };
}

export async function surveyResponses(db: Db, ids: string[], period: Period): Promise<Table> {
  const header = [
    'organisation_id',
    'organisation_name',
    'survey_url_suffix',
    'survey_title',
    'responses',
    'patients',
  ];
  const orgs = await orgNames(db, ids);
  if (orgs.length === 0) return { header, rows: [] };
  const rows = await db
    .selectFrom('onboarding_survey_responses as r')
    .innerJoin('patients', 'patients.id', 'r.patient_id')
    .select([
      'patients.organisation_id as organisation_id',
      'r.url_suffix as url_suffix',
      (eb) => eb.fn.countAll<number>().as('responses'),
      sql<number>`count(distinct r.patient_id)`.as('patients'),
    ])
    .where('patients.organisation_id', 'in', ids)
    .where('r.completed_at', '>=', period.from)
    .where('r.completed_at', '<', period.to)
    .groupBy(['patients.organisation_id', 'r.url_suffix'])
    .execute();
  const titles = new Map(
    (await db.selectFrom('surveys').select(['config']).execute()).map((s) => {
      const c = s.config as { urlSuffix?: string; title?: string };
      return [String(c.urlSuffix), String(c.title ?? '')];
    }),
  );
  const names = new Map(orgs.map((o) => [o.id, o.name]));
  const order = new Map(orgs.map((o, i) => [o.id, i]));
  return {
    header,
    rows: rows
      .sort(
        (a, b) =>
          order.get(a.organisation_id)! - order.get(b.organisation_id)! ||
          (a.url_suffix < b.url_suffix ? -1 : 1),
      )
      .map((r) => [
        r.organisation_id,
        names.get(r.organisation_id) ?? '',
        r.url_suffix,
        titles.get(r.url_suffix) ?? '',
        Number(r.responses),
        Number(r.patients),
      ]),
  };
}

/** What some reports need besides the data: the server's secret (research-data's pseudonymous ids). */
export interface AggregateOptions {
  secret: string;
}

/** The organisation-level aggregates (research-data, per participant, is ./research-data.ts). */
export const AGGREGATES: Record<
  Exclude<ReportType, 'research-data'>,
  (db: Db, ids: string[], period: Period, options: AggregateOptions) => Promise<Table>
> = {
  usage,
  'screening-outcomes': screeningOutcomes,
  engagement,
  'chat-activity': chatActivity,
  'survey-responses': surveyResponses,
};
