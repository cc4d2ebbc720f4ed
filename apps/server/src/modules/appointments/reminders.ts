// The reminder the day before an appointment: a job of the server's queue (src/jobs/queue.ts), queued with
// the booking (and again with every move) to run 24 hours before the start. It survives restarts (the job is
// a row), runs on one instance (claimed with SKIP LOCKED), and sends once per appointment and start however
// often it runs: the reminder's row in appointment_reminders (primary key: appointment and start) is written
// in the transaction that sends, so a second run, on any instance, finds it and sends nothing. A job of a
// cancelled appointment, or of a start the appointment has moved from, does nothing.
import { enqueueJob, type Job, type JobKind } from '../../jobs/queue.ts';
import type { Db } from '../../db/index.ts';
import type { AppDeps } from '../../http/types.ts';
import { mailBoth } from './calendar.ts';
import { DAY } from './slots.ts';

export const APPOINTMENT_REMINDER_JOB = 'appointment-reminder';
export const REMINDER_BEFORE = DAY;

/** Queues the reminder of the appointment at this start (none when the start is less than a day away). */
export async function queueReminder(db: Db, appointmentId: string, start: number, now = Date.now()) {
  const runAt = start - REMINDER_BEFORE;
  if (runAt <= now) return;
  await enqueueJob(
    db,
    APPOINTMENT_REMINDER_JOB,
    { appointmentId, startsAt: new Date(start).toISOString() },
    { runAt: new Date(runAt), maxAttempts: 3 },
  );
}

/** Sends the reminder unless it was sent, the appointment was cancelled or it moved; answers whether it sent. */
export async function sendReminder(deps: AppDeps, appointmentId: string, startsAt: string): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('appointments')
      .select(['status', 'starts_at'])
      .where('id', '=', appointmentId)
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.status !== 'booked') return false;
    if (new Date(row.starts_at).getTime() !== Date.parse(startsAt)) return false;
    const first = await trx
      .insertInto('appointment_reminders')
      .values({ appointment_id: appointmentId, starts_at: new Date(startsAt) })
      .onConflict((oc) => oc.columns(['appointment_id', 'starts_at']).doNothing())
      .returning('appointment_id')
      .executeTakeFirst();
    if (!first) return false;
    // Sent before the row commits: a failed send rolls the row back and the job tries again.
    await mailBoth(trx, deps.mailer, appointmentId, 'reminder');
    return true;
  });
}

export const appointmentReminderJob: JobKind = {
  async run(job: Job, deps: AppDeps) {
    const p = job.payload as { appointmentId?: unknown; startsAt?: unknown };
    if (typeof p.appointmentId !== 'string' || typeof p.startsAt !== 'string') return;
    await sendReminder(deps, p.appointmentId, p.startsAt);
  },
};
