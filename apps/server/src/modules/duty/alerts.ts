// The alerts a risk event leaves (see ./service.ts for who they reach): for its recipients, and for a
// therapist who joins the care team while the patient's risk is open.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { json } from '../../db/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import {
  ALERT_KIND,
  ESCALATION_JOB,
  careTeamOf,
  dutyRecipients,
  escalationLimitMs,
  type AlertRoute,
} from './service.ts';

/**
 * Leaves a high-risk alert for each recipient of a risk event: the care team (but `except`, who raised it by
 * hand), or, for a patient without one, the duty clinicians (see the header). One alert per therapist per risk
 * event (a unique index). Schedules the escalation check. Answers who was alerted.
 */
export async function alertForRiskEvent(
  db: Db,
  event: { id: string; patientId: string; reason: string | null; source: string; at: Date },
  except?: string,
): Promise<{ therapistIds: string[]; route: AlertRoute | null }> {
  const team = await careTeamOf(db, event.patientId);
  const patient = await db
    .selectFrom('patients')
    .select('organisation_id')
    .where('id', '=', event.patientId)
    .executeTakeFirst();
  if (!patient) return { therapistIds: [], route: null };
  let ids: string[];
  let route: AlertRoute;
  if (team.length > 0) {
    ids = team.filter((id) => id !== except);
    route = 'care-team';
  } else {
    ids = (await dutyRecipients(db, patient.organisation_id, event.at)).therapistIds;
    route = 'duty';
  }
  await insertAlerts(db, event, ids, route);
  const limit = await escalationLimitMs(db, patient.organisation_id);
  // Nobody to alert at all: the administrators are e-mailed at once; else after the limit.
  const level = ids.length === 0 && team.length === 0 ? 2 : 1;
  await enqueueJob(
    db,
    ESCALATION_JOB,
    { riskEventId: event.id, patientId: event.patientId, level },
    { runAt: new Date(level === 2 ? Date.now() : Date.now() + limit), maxAttempts: 3 },
  );
  return { therapistIds: ids, route };
}

export async function insertAlerts(
  db: Db,
  event: { id: string; patientId: string; reason: string | null; source: string; at?: Date },
  therapistIds: string[],
  route: AlertRoute,
): Promise<string[]> {
  if (therapistIds.length === 0) return [];
  const rows = await db
    .insertInto('therapist_notifications')
    .values(
      therapistIds.map((therapistId) => ({
        id: randomUUID(),
        therapist_id: therapistId,
        patient_id: event.patientId,
        kind: ALERT_KIND,
        payload: json({ reason: event.reason, source: event.source }),
        risk_event_id: event.id,
        route,
        ...(event.at ? { created_at: event.at } : {}),
      })),
    )
    .onConflict((oc) =>
      oc.columns(['risk_event_id', 'therapist_id']).where('risk_event_id', 'is not', null).doNothing(),
    )
    .returning('therapist_id')
    .execute();
  return rows.map((r) => r.therapist_id);
}

/**
 * Open risk follows the patient: a therapist who joins a patient's care team gets an alert for each open risk
 * event (the patient is flagged now and nobody has acknowledged an alert of it). Run in the joining transaction.
 */
export async function alertNewCareTeamMember(
  db: Db,
  patientId: string,
  therapistId: string,
): Promise<number> {
  const flag = await db
    .selectFrom('patient_risk')
    .select('high_risk')
    .where('patient_id', '=', patientId)
    .executeTakeFirst();
  if (!flag?.high_risk) return 0;
  const { rows } = await sql<{ id: string; reason: string | null; source: string }>`
    select e.id, e.reason, e.source from risk_events e
    where e.patient_id = ${patientId} and e.high_risk
      and not exists (select 1 from therapist_notifications n
                      where n.risk_event_id = e.id and n.acknowledged_at is not null)
      and not exists (select 1 from risk_events later
                      where later.patient_id = e.patient_id and not later.high_risk and later.created_at > e.created_at)
    order by e.created_at desc limit 20`.execute(db);
  let count = 0;
  for (const e of rows) {
    const added = await insertAlerts(
      db,
      { id: e.id, patientId, reason: e.reason, source: e.source },
      [therapistId],
      'take-on',
    );
    count += added.length;
  }
  return count;
}
