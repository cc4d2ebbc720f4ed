// reporting tag: reports (create, list, get, rename, validate, retry, zip) run by the job queue of
// src/jobs, the report scheduler (get, update) and the CSV download of the latest scheduled report.
// A report is visible to an administrator who administers every organisation it covers (404 otherwise).
// The module's register hook creates the job queue for the app, starts its poller (not under
// NODE_ENV=test, where tests drive it with jobQueueFor(db).tick()) and stops it when the app closes.
// The handlers: ./reports.ts and ./schedule.ts.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import type { AppDeps, Handlers } from '../../http/types.ts';
import { JobQueue } from '../../jobs/queue.ts';
import { ESCALATION_JOB } from '../duty/service.ts';
import { escalationJob } from '../duty/escalation.ts';
import { RETENTION_JOB, retentionJob, scheduleRetention } from '../../jobs/retention.ts';
import { REPORT_JOB, reportJob } from './service.ts';
import { runDueSchedules } from './scheduler.ts';
import { APPOINTMENT_REMINDER_JOB, appointmentReminderJob } from '../appointments/reminders.ts';
import { reportHandlers } from './reports.ts';
import { scheduleHandlers } from './schedule.ts';

const queues = new WeakMap<object, JobQueue>();

/** The job queue of the app over this database (created by the register hook). */
export function jobQueueFor(db: Db): JobQueue | undefined {
  return queues.get(db);
}

export const handlers: Handlers = { ...reportHandlers, ...scheduleHandlers };

export async function register(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const queue = new JobQueue(
    deps,
    {
      [REPORT_JOB]: reportJob,
      [ESCALATION_JOB]: escalationJob,
      [RETENTION_JOB]: retentionJob,
      [APPOINTMENT_REMINDER_JOB]: appointmentReminderJob,
    },
    {
      pollIntervalMs: 5_000,
      beforeTick: async (d) => {
        await runDueSchedules(d);
        // Data retention (research settings): scheduled once a day across every server.
        await scheduleRetention(d);
      },
      onError: (error) => app.log.error({ err: error }, 'job queue tick failed'),
    },
  );
  queues.set(deps.db, queue);
  if (deps.config.env !== 'test') {
    app.addHook('onReady', async () => queue.start());
  }
  app.addHook('onClose', async () => {
    await queue.stop();
  });
}
