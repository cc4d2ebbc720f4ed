// A patient's risk as the care team's lists show it: the flag and the latest screenings, read for many patients
// at once. See risk.ts for the whole.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { ScreeningBody } from './screening-findings.ts';

export interface RiskSummary {
  highRisk: boolean;
  reason: string | null;
  flaggedAt: string | null;
  latestPhq9Total: number | null;
  latestGad7Total: number | null;
  latestPhq9Item9: number | null;
  latestPhq9At: string | null;
  latestGad7At: string | null;
  previousPhq9Total: number | null;
  previousGad7Total: number | null;
}

const intOrNull = (v: unknown, max: number) =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max ? v : null;

const NO_RISK: RiskSummary = {
  highRisk: false,
  reason: null,
  flaggedAt: null,
  latestPhq9Total: null,
  latestGad7Total: null,
  latestPhq9Item9: null,
  latestPhq9At: null,
  latestGad7At: null,
  previousPhq9Total: null,
  previousGad7Total: null,
};

/** A patient's flag as patients and patient_risk keep it (the caseload reads it with its rows). */
export interface RiskFlag {
  id: string;
  high_risk: boolean;
  reason: string | null;
  flagged_at: Date | string | null;
}

/**
 * The risk summaries of some patients: the flag (reason, time) and their latest two PHQ-9 and GAD-7 results
 * (the latest with its time and item 9, and the one before it for the change since).
 */
export async function riskSummaries(db: Db, patientIds: string[]): Promise<Map<string, RiskSummary>> {
  if (patientIds.length === 0) return new Map();
  const flags = await db
    .selectFrom('patients')
    .leftJoin('patient_risk', 'patient_risk.patient_id', 'patients.id')
    .select([
      'patients.id',
      sql<boolean>`coalesce(patient_risk.high_risk, patients.high_risk)`.as('high_risk'),
      'patient_risk.reason',
      'patient_risk.flagged_at',
    ])
    .where('patients.id', 'in', patientIds)
    .execute();
  return riskSummariesOf(db, flags);
}

/** A patient's PHQ-9 or GAD-7 result among their latest two of its kind (rank 1 the latest). */
export interface RankedScreening {
  patient_id: string;
  event_type: string;
  body: unknown;
  start_at: Date | string;
  rank: number | string;
}

/** The risk summaries of patients whose flags the caller has read already: one query, of their screenings. */
export async function riskSummariesOf(db: Db, flags: readonly RiskFlag[]): Promise<Map<string, RiskSummary>> {
  if (flags.length === 0) return new Map();
  const latest = await db
    .selectFrom(
      db
        .selectFrom('moments')
        .select([
          'patient_id',
          'event_type',
          'body',
          'start_at',
          sql<number>`row_number() over (partition by patient_id, event_type order by start_at desc, id desc)`.as(
            'rank',
          ),
        ])
        .where(
          'patient_id',
          'in',
          flags.map((f) => f.id),
        )
        .where('event_type', 'in', ['phq9', 'gad7'])
        .as('ranked'),
    )
    .selectAll()
    .where('rank', '<=', 2)
    .execute();
  return summariesFrom(flags, latest);
}

/**
 * A patient's latest two PHQ-9 and two GAD-7 results as a JSON array of RankedScreening (for a query that reads
 * them with its rows: `patientId` is the reference to the patient's id there).
 */
export const latestScreeningsOf = (patientId: string) =>
  sql<
    RankedScreening[]
  >`(select coalesce(jsonb_agg(jsonb_build_object('patient_id', x.patient_id, 'event_type', x.event_type, 'body', x.body, 'start_at', x.start_at, 'rank', x.rank)), '[]'::jsonb)
    from (select m.patient_id, m.event_type, m.body, m.start_at,
            row_number() over (partition by m.event_type order by m.start_at desc, m.id desc) as rank
          from moments m where m.patient_id = ${sql.ref(patientId)} and m.event_type in ('phq9', 'gad7')) x
    where x.rank <= 2)`;

/** The risk summaries of patients from their flags and their latest screenings (RankedScreening). */
export function summariesFrom(
  flags: readonly RiskFlag[],
  latest: readonly RankedScreening[],
): Map<string, RiskSummary> {
  const out = new Map<string, RiskSummary>();
  const results = new Map<string, { body: Partial<ScreeningBody>; at: string }>();
  for (const m of latest)
    results.set(`${m.patient_id}|${m.event_type}|${Number(m.rank)}`, {
      body: m.body as Partial<ScreeningBody>,
      at: new Date(m.start_at).toISOString(),
    });
  const result = (patientId: string, type: 'phq9' | 'gad7', rank: number) =>
    results.get(`${patientId}|${type}|${rank}`);
  for (const p of flags) {
    const phq = result(p.id, 'phq9', 1);
    const gad = result(p.id, 'gad7', 1);
    const highRisk = Boolean(p.high_risk);
    out.set(p.id, {
      highRisk,
      reason: p.reason ?? null,
      flaggedAt: highRisk && p.flagged_at ? new Date(p.flagged_at).toISOString() : null,
      latestPhq9Total: intOrNull(phq?.body.total, 27),
      latestGad7Total: intOrNull(gad?.body.total, 21),
      latestPhq9Item9: intOrNull(Array.isArray(phq?.body.items) ? phq.body.items[8] : undefined, 3),
      latestPhq9At: phq?.at ?? null,
      latestGad7At: gad?.at ?? null,
      previousPhq9Total: intOrNull(result(p.id, 'phq9', 2)?.body.total, 27),
      previousGad7Total: intOrNull(result(p.id, 'gad7', 2)?.body.total, 21),
    });
  }
  return out;
}

export async function riskSummary(db: Db, patientId: string): Promise<RiskSummary> {
  const map = await riskSummaries(db, [patientId]);
  return map.get(patientId) ?? NO_RISK;
}
