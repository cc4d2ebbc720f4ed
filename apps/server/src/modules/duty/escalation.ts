// The escalation job (see ./service.ts): a risk event no alert of which is acknowledged in time alerts every
// duty clinician (level 1), then e-mails the organisation's administrators (level 2).
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { json } from '../../db/index.ts';
import { enqueueJob, type Job, type JobKind } from '../../jobs/queue.ts';
import type { AppDeps } from '../../http/types.ts';
import {
  ESCALATION_JOB,
  administratorEmails,
  dutyRecipients,
  escalationLimitMs,
  onDutyNow,
} from './service.ts';
import { insertAlerts } from './alerts.ts';

async function acknowledged(db: Db, riskEventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('therapist_notifications')
    .select('id')
    .where('risk_event_id', '=', riskEventId)
    .where('acknowledged_at', 'is not', null)
    .executeTakeFirst();
  return Boolean(row);
}

/** One escalation step (see the header); a step already taken (by another instance) is not taken again. */
export async function escalate(
  deps: AppDeps,
  riskEventId: string,
  patientId: string,
  level: number,
): Promise<void> {
  const { db } = deps;
  const event = await db
    .selectFrom('risk_events')
    .select(['id', 'reason', 'source', 'high_risk'])
    .where('id', '=', riskEventId)
    .executeTakeFirst();
  const patient = await db
    .selectFrom('patients as p')
    .innerJoin('organisations as o', 'o.id', 'p.organisation_id')
    .select(['p.organisation_id', 'o.name'])
    .where('p.id', '=', patientId)
    .executeTakeFirst();
  if (!event || !patient || !event.high_risk) return;
  if (await acknowledged(db, riskEventId)) return;
  const flag = await db
    .selectFrom('patient_risk')
    .select('high_risk')
    .where('patient_id', '=', patientId)
    .executeTakeFirst();
  if (flag && !flag.high_risk) return;
  const mail: { to: string[]; organisation: string } | null = await db.transaction().execute(async (trx) => {
    const step = await trx
      .insertInto('risk_escalations')
      .values({ id: randomUUID(), patient_id: patientId, risk_event_id: riskEventId, level })
      .onConflict((oc) => oc.columns(['risk_event_id', 'level']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!step) return null;
    if (level === 1) {
      const duty = await onDutyNow(trx, patient.organisation_id);
      const fallback =
        duty.length > 0 ? duty : (await dutyRecipients(trx, patient.organisation_id)).therapistIds;
      const added = await insertAlerts(
        trx,
        { id: riskEventId, patientId, reason: event.reason, source: event.source },
        fallback,
        'escalation',
      );
      await trx
        .updateTable('risk_escalations')
        .set({ therapist_ids: json(added) })
        .where('id', '=', step.id)
        .execute();
      const limit = await escalationLimitMs(trx, patient.organisation_id);
      await enqueueJob(
        trx,
        ESCALATION_JOB,
        { riskEventId, patientId, level: 2 },
        { runAt: new Date(Date.now() + limit), maxAttempts: 3 },
      );
      return null;
    }
    const to = await administratorEmails(trx, patient.organisation_id);
    await trx
      .updateTable('risk_escalations')
      .set({ emailed: json(to) })
      .where('id', '=', step.id)
      .execute();
    return { to, organisation: patient.name };
  });
  if (!mail) return;
  for (const to of mail.to) {
    // No health data by e-mail: the console holds the alert and the patient.
    await deps.mailer.send({
      to,
      subject: `Tend: a high-risk alert in ${mail.organisation} has not been acknowledged`,
      text: [
        `A high-risk alert for a patient of ${mail.organisation} has not been acknowledged by any clinician within the time limit.`,
        '',
        'Please make sure a clinician on duty opens the therapist console, takes the patient on and acknowledges the alert.',
        '',
        `Reference: ${riskEventId}`,
      ].join('\n'),
    });
  }
}

export const escalationJob: JobKind = {
  async run(job: Job, deps: AppDeps) {
    const p = job.payload as { riskEventId?: unknown; patientId?: unknown; level?: unknown };
    if (typeof p.riskEventId !== 'string' || typeof p.patientId !== 'string') return;
    await escalate(deps, p.riskEventId, p.patientId, p.level === 2 ? 2 : 1);
  },
};
