// Screening (PHQ-9, GAD-7) scoring as published, and the patient's high-risk flag.
// PHQ-9 (Kroenke, Spitzer & Williams 2001): nine items 0-3, total 0-27; 0-4 minimal, 5-9 mild,
// 10-14 moderate, 15-19 moderately severe, 20-27 severe. Item 9 (thoughts of being better off dead or
// of self-harm) above 0 always needs the safety flow.
// GAD-7 (Spitzer et al. 2006): seven items 0-3, total 0-21; 0-4 minimal, 5-9 mild, 10-14 moderate,
// 15-21 severe.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { json } from '../../db/index.ts';
import { alertForRiskEvent } from '../duty/alerts.ts';
import { PHQ9_ITEM9_INDEX } from '@tend/domain/screening/model';
import type { RiskFinding, ScreeningBody } from './screening-findings.ts';

// Its parts: screening-findings.ts (a screening checked as published, and what in it raises the flag),
// risk-summaries.ts (the flag and latest screenings as the care team's lists show them); this file changes
// the flag and tells the care team. Modules import from here.
export * from './screening-findings.ts';
export * from './risk-summaries.ts';

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
