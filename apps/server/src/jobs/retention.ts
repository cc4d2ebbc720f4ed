// Data retention (research settings' dataRetentionDays): a daily job removes the moments older than the
// retention of the patient's organisation (merged with its parents), and logs what it removed with the
// retention in force (table retention_log, the audit log the admin and the patient's export point to).
//
// Once across instances: every server's queue tick calls scheduleRetention, which inserts the UTC day into
// retention_runs; the primary key lets exactly one insert of the day succeed, and only that server enqueues
// the day's job, which the queue then runs once (claimed with SKIP LOCKED, see ./queue.ts).
import { hostname } from 'node:os';
import type { Db } from '../db/index.ts';
import type { AppDeps } from '../http/types.ts';
import { loadOrgs } from '../modules/organisations/service.ts';
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

export interface RetentionResult {
  organisationId: string;
  retentionDays: number;
  cutoff: Date;
  momentsRemoved: number;
}

/** Removes, for every organisation with a retention, its patients' moments that started before the cutoff. */
export async function applyRetention(db: Db, now = new Date()): Promise<RetentionResult[]> {
  const orgs = await loadOrgs(db);
  const runDate = now.toISOString().slice(0, 10);
  const results: RetentionResult[] = [];
  for (const id of [...orgs.rows.keys()].sort()) {
    const days = researchSettingsOf(orgs, id).dataRetentionDays;
    if (days === null) continue;
    const cutoff = new Date(now.getTime() - days * DAY_MS);
    const removed = await db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('moments')
        .where('start_at', '<', cutoff)
        .where('patient_id', 'in', (eb) =>
          eb.selectFrom('patients').select('id').where('organisation_id', '=', id),
        )
        .executeTakeFirst();
      const count = Number(deleted.numDeletedRows ?? 0);
      await trx
        .insertInto('retention_log')
        .values({
          run_date: runDate,
          organisation_id: id,
          retention_days: days,
          cutoff,
          moments_removed: count,
        })
        .execute();
      return count;
    });
    results.push({ organisationId: id, retentionDays: days, cutoff, momentsRemoved: removed });
  }
  return results;
}

export const retentionJob: JobKind = {
  async run(job: Job, deps: AppDeps) {
    const at = typeof job.payload.at === 'number' ? new Date(job.payload.at) : new Date();
    await applyRetention(deps.db, at);
  },
};
