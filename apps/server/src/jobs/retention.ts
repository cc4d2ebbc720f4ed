// Data retention (research settings' dataRetentionDays): a daily job removes, for every organisation with a
// retention (merged with its parents), its patients' own logged data older than the retention, and logs what it
// removed with the retention in force (table retention_log; and, when anything was removed, an entry of the
// organisation's audit log, which the admin console shows; the patient's export states the same scope).
//
// What a retention covers: what a patient logs over time, the data research draws on —
// - moments (check-ups, journal, questionnaires, exercises, CBT, activities, uploaded files), by when they
//   started, except the care team's notes;
// - survey responses (onboarding_survey_responses), by when they were completed;
// - exercise sessions (reward_sessions: points and durations), by when they were logged.
// What it keeps, and why:
// - chats and the care team's notes: clinical communication and the clinical record, which the organisation
//   keeps under its clinical records duty (and safeguarding look-ups rely on); a research setting of 30 days
//   must not erase what a clinician said to a patient in crisis;
// - the risk history, alerts and escalations: the safety record of who was told what, and when;
// - the safety plan, goals, preferences and other documents: the patient's current working state, not a log
//   (removing a safety plan because it is old would take away what keeps someone safe);
// - the account, consents and sign-in records: needed to run the service; removed with the account.
//
// Once across instances: every server's queue tick calls scheduleRetention, which inserts the UTC day into
// retention_runs; the primary key lets exactly one insert of the day succeed, and only that server enqueues
// the day's job, which the queue then runs once (claimed with SKIP LOCKED, see ./queue.ts).
import { hostname } from 'node:os';
import type { Db } from '../db/index.ts';
import type { AppDeps } from '../http/types.ts';
import { loadOrgs } from '../modules/organisations/service.ts';
import { recordOrganisationAudit } from '../modules/staff/audit.ts';
import { researchSettingsOf } from '../modules/research/service.ts';
import { enqueueJob, type Job, type JobKind } from './queue.ts';

export const RETENTION_JOB = 'retention';
const DAY_MS = 86_400_000;

/** Enqueues today's retention job unless a server already did (answers whether this call did). */
export async function scheduleRetention(deps: Pick<AppDeps, 'db'>, now = new Date()): Promise<boolean> {
  const runDate = now.toISOString().slice(0, 10);
  const inserted = await deps.db
    .insertInto('retention_runs')
    .values({ run_date: runDate, scheduled_by: `${hostname()}:${process.pid}` })
    .onConflict((oc) => oc.column('run_date').doNothing())
    .returning('run_date')
    .executeTakeFirst();
  if (!inserted) return false;
  await enqueueJob(deps.db, RETENTION_JOB, { runDate, at: now.getTime() }, { maxAttempts: 3 });
  return true;
}

/** The audit log's action for a retention run that removed something. */
export const RETENTION_AUDIT_ACTION = 'retention_applied';

/** The care team's notes: part of the clinical record, never removed by a retention. */
const KEPT_MOMENT_TYPES = ['note'];

export interface RetentionResult {
  organisationId: string;
  retentionDays: number;
  cutoff: Date;
  momentsRemoved: number;
  surveyResponsesRemoved: number;
  rewardSessionsRemoved: number;
}

/**
 * Removes, for every organisation with a retention, its patients' logged data from before the cutoff (see the
 * head of this file for what that covers and what it keeps), logs each organisation's counts in retention_log
 * and, when anything was removed, writes an entry to the organisation's audit log.
 */
export async function applyRetention(db: Db, now = new Date()): Promise<RetentionResult[]> {
  const orgs = await loadOrgs(db);
  const runDate = now.toISOString().slice(0, 10);
  const results: RetentionResult[] = [];
  for (const id of [...orgs.rows.keys()].sort()) {
    const days = researchSettingsOf(orgs, id).dataRetentionDays;
    if (days === null) continue;
    const cutoff = new Date(now.getTime() - days * DAY_MS);
    const result = await db.transaction().execute(async (trx) => {
      const patientsOf = trx.selectFrom('patients').select('id').where('organisation_id', '=', id);
      const moments = await trx
        .deleteFrom('moments')
        .where('start_at', '<', cutoff)
        .where('event_type', 'not in', KEPT_MOMENT_TYPES)
        .where('patient_id', 'in', patientsOf)
        .executeTakeFirst();
      const surveys = await trx
        .deleteFrom('onboarding_survey_responses')
        .where('completed_at', '<', cutoff)
        .where('patient_id', 'in', patientsOf)
        .executeTakeFirst();
      const rewards = await trx
        .deleteFrom('reward_sessions')
        .where('created_at', '<', cutoff)
        .where('patient_id', 'in', patientsOf)
        .executeTakeFirst();
      const counts = {
        momentsRemoved: Number(moments.numDeletedRows ?? 0),
        surveyResponsesRemoved: Number(surveys.numDeletedRows ?? 0),
        rewardSessionsRemoved: Number(rewards.numDeletedRows ?? 0),
      };
      await trx
        .insertInto('retention_log')
        .values({
          run_date: runDate,
          organisation_id: id,
          retention_days: days,
          cutoff,
          moments_removed: counts.momentsRemoved,
          survey_responses_removed: counts.surveyResponsesRemoved,
          reward_sessions_removed: counts.rewardSessionsRemoved,
        })
        .execute();
      if (counts.momentsRemoved + counts.surveyResponsesRemoved + counts.rewardSessionsRemoved > 0) {
        await recordOrganisationAudit(trx as unknown as Db, {
          organisationId: id,
          actorId: null,
          action: RETENTION_AUDIT_ACTION,
          subject: { id: null, label: orgs.rows.get(id)?.name ?? id },
          detail: { retentionDays: days, cutoff: cutoff.toISOString(), ...counts },
        });
      }
      return counts;
    });
    results.push({ organisationId: id, retentionDays: days, cutoff, ...result });
  }
  return results;
}

export const retentionJob: JobKind = {
  async run(job: Job, deps: AppDeps) {
    const at = typeof job.payload.at === 'number' ? new Date(job.payload.at) : new Date();
    await applyRetention(deps.db, at);
  },
};
