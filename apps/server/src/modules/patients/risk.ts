// Screening (PHQ-9, GAD-7) scoring as published, and the patient's high-risk flag.
// PHQ-9 (Kroenke, Spitzer & Williams 2001): nine items 0-3, total 0-27; 0-4 minimal, 5-9 mild,
// 10-14 moderate, 15-19 moderately severe, 20-27 severe. Item 9 (thoughts of being better off dead or
// of self-harm) above 0 always needs the safety flow.
// GAD-7 (Spitzer et al. 2006): seven items 0-3, total 0-21; 0-4 minimal, 5-9 mild, 10-14 moderate,
// 15-21 severe.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { json } from '../../db/index.ts';
import { validationError } from '../../http/errors.ts';
import { alertForRiskEvent } from '../duty/alerts.ts';
import {
  checkResult,
  needsSafetyFlow,
  PHQ9_ITEM9_INDEX,
  SCREENINGS,
  SEVERE_TOTAL,
} from '@tend/domain/screening/model';

export {
  gad7Severity,
  phq9Severity,
  type Gad7Severity,
  type Phq9Severity,
} from '@tend/domain/screening/model';

export const PHQ9_SEVERE = SEVERE_TOTAL.phq9;
export const GAD7_SEVERE = SEVERE_TOTAL.gad7;

interface ScreeningBody {
  items: number[];
  total: number;
  severity: string;
}

const sum = (items: number[]) => items.reduce((a, b) => a + b, 0);
const NAMES = { phq9: 'PHQ-9', gad7: 'GAD-7' } as const;

/**
 * Checks a PHQ-9 or GAD-7 body against its items with the shared model (@tend/domain/screening): the total
 * must be the sum of the items and the severity the published band of that total (400 `invalid_request`
 * naming the field otherwise). The contract's schema has already checked the item count and ranges.
 */
export function checkScreening(eventType: string, body: unknown, field = 'body'): void {
  if (eventType !== 'phq9' && eventType !== 'gad7') return;
  const b = body as ScreeningBody;
  const problem = checkResult(eventType, b);
  if (!problem) return;
  const count = SCREENINGS[eventType].items;
  if (problem.field === 'items') {
    throw validationError(`A ${NAMES[eventType]} result needs ${count} item scores from 0 to 3.`, {
      fields: { [`${field}.items`]: `must be ${count} integers from 0 to 3` },
    });
  }
  if (problem.field === 'total') {
    throw validationError(
      `The total ${b.total} does not match the items, which add up to ${problem.expected}.`,
      {
        fields: { [`${field}.total`]: `must be ${problem.expected}, the sum of the items` },
      },
    );
  }
  throw validationError(`A total of ${b.total} is in the '${problem.expected}' band, not '${b.severity}'.`, {
    fields: { [`${field}.severity`]: `must be ${problem.expected} for a total of ${b.total}` },
  });
}

export interface RiskFinding {
  source: 'phq9-item9' | 'phq9-severe' | 'gad7-severe' | 'notify' | 'risk-factor-self-harm';
  reason: string;
}

/**
 * What a stored screening result (or a risk-factors self-check with thoughts of self-harm ticked) says about
 * risk (empty when nothing needs a flag).
 */
export function screeningFindings(eventType: string, body: unknown): RiskFinding[] {
  if (eventType === 'risk-factor') {
    return (body as { selfHarmThoughts?: unknown }).selfHarmThoughts === true
      ? [
          {
            source: 'risk-factor-self-harm',
            reason: 'Risk-factors self-check: thoughts of hurting themselves or ending their life ticked.',
          },
        ]
      : [];
  }
  const b = body as Partial<ScreeningBody>;
  if (!Array.isArray(b.items)) return [];
  const total = sum(b.items);
  const findings: RiskFinding[] = [];
  if (eventType === 'phq9') {
    const item9 = b.items[PHQ9_ITEM9_INDEX] ?? 0;
    if (needsSafetyFlow('phq9', b.items)) {
      findings.push({
        source: 'phq9-item9',
        reason: `PHQ-9 item 9 (thoughts of self-harm) answered ${item9} of 3.`,
      });
    }
    if (total >= PHQ9_SEVERE)
      findings.push({ source: 'phq9-severe', reason: `PHQ-9 total ${total} (severe).` });
  } else if (eventType === 'gad7' && total >= GAD7_SEVERE) {
    findings.push({ source: 'gad7-severe', reason: `GAD-7 total ${total} (severe).` });
  }
  return findings;
}

/**
 * Sets or clears the patient's high-risk flag: the current state (patient_risk, mirrored in
 * patients.high_risk) and one history row (risk_events). Raising it also leaves an alert for each therapist of
 * the patient's care team, or for the duty clinicians of a patient without one (../duty/service.ts), and
 * schedules the escalation check. With a `questionnaireKey` (a screening result's momentId) the event is
 * raised once per questionnaire: a repeat (retry, replay, concurrent submission, an edit of the same result)
 * changes nothing and answers false. Run inside the caller's transaction when there is one.
 */
export async function setRisk(
  db: Db,
  patientId: string,
  state: {
    highRisk: boolean;
    reason: string | null;
    source: string;
    actorId: string | null;
    questionnaireKey?: string;
  },
): Promise<boolean> {
  const now = new Date();
  const eventId = randomUUID();
  const inserted = await db
    .insertInto('risk_events')
    .values({
      id: eventId,
      patient_id: patientId,
      high_risk: state.highRisk,
      reason: state.reason,
      source: state.source,
      actor_id: state.actorId,
      questionnaire_key: state.questionnaireKey ?? null,
      created_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['patient_id', 'questionnaire_key']).where('questionnaire_key', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  const values = {
    high_risk: state.highRisk,
    reason: state.reason,
    source: state.source,
    flagged_at: state.highRisk ? now : null,
    flagged_by: state.highRisk ? state.actorId : null,
    updated_at: now,
  };
  await db
    .insertInto('patient_risk')
    .values({ patient_id: patientId, ...values })
    .onConflict((oc) => oc.column('patient_id').doUpdateSet(values))
    .execute();
  await db
    .updateTable('patients')
    .set({ high_risk: state.highRisk, updated_at: now })
    .where('id', '=', patientId)
    .execute();
  if (state.highRisk) {
    // Everyone of the care team but the therapist who raised it by hand (they know), or the duty clinicians.
    await alertForRiskEvent(
      db,
      { id: eventId, patientId, reason: state.reason, source: state.source, at: now },
      state.actorId ?? undefined,
    );
  }
  return true;
}

/**
 * Raises the flag for a screening result's findings: one risk event per questionnaire (keyed by its momentId),
 * its reasons joined, its source the first finding's (item 9 before a severe total).
 */
export async function flagFindings(
  db: Db,
  patientId: string,
  findings: RiskFinding[],
  actorId: string | null,
  questionnaireKey?: string,
): Promise<boolean> {
  if (findings.length === 0) return false;
  return setRisk(db, patientId, {
    highRisk: true,
    reason: findings.map((f) => f.reason).join(' '),
    source: findings[0]!.source,
    actorId,
    ...(questionnaireKey ? { questionnaireKey: `screening:${questionnaireKey}` } : {}),
  });
}

/**
 * The patient changed a screening result whose risk event is already raised (e.g. item 9 answered above 0, then
 * back to 0 before submitting): the event and its alerts keep the signal and say what changed, so the clinician
 * sees the change instead of losing the signal.
 */
export async function noteScreeningChange(
  db: Db,
  patientId: string,
  questionnaireKey: string,
  findings: RiskFinding[],
  body: unknown,
): Promise<void> {
  const event = await db
    .selectFrom('risk_events')
    .select(['id', 'reason', 'source'])
    .where('patient_id', '=', patientId)
    .where('questionnaire_key', '=', `screening:${questionnaireKey}`)
    .executeTakeFirst();
  if (!event || event.source !== 'phq9-item9') return;
  if (findings.some((f) => f.source === 'phq9-item9')) return;
  const items = (body as Partial<ScreeningBody>).items;
  const item9 = Array.isArray(items) ? (items[PHQ9_ITEM9_INDEX] ?? 0) : 0;
  const note = `The patient then changed item 9 to ${item9} before submitting.`;
  if (event.reason?.includes(note)) return;
  const reason = `${event.reason ?? ''} ${note}`.trim();
  await db.updateTable('risk_events').set({ reason }).where('id', '=', event.id).execute();
  await db
    .updateTable('therapist_notifications')
    .set({ payload: json({ reason, source: event.source, answerChanged: true }) })
    .where('risk_event_id', '=', event.id)
    .execute();
  await db.updateTable('patient_risk').set({ reason }).where('patient_id', '=', patientId).execute();
}

/** Leaves a notification for each therapist of the patient (but `except`), at `at` (default now); answers how many were told. */
export async function notifyCareTeam(
  db: Db,
  patientId: string,
  kind: string,
  payload: Record<string, unknown>,
  except?: string,
  at?: Date,
): Promise<number> {
  let q = db.selectFrom('care_team').select('therapist_id').where('patient_id', '=', patientId);
  if (except) q = q.where('therapist_id', '<>', except);
  const team = await q.execute();
  if (team.length === 0) return 0;
  await db
    .insertInto('therapist_notifications')
    .values(
      team.map((t) => ({
        id: randomUUID(),
        therapist_id: t.therapist_id,
        patient_id: patientId,
        kind,
        payload: json(payload),
        ...(at ? { created_at: at } : {}),
      })),
    )
    .execute();
  return team.length;
}

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
