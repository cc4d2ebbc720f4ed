// The report scheduler (see ./service.ts): an organisation's schedule turned into a queued report at each
// queue tick when due, covering the day, week or month before the run.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { AppDeps } from '../../http/types.ts';
import type { ReportType } from './aggregates.ts';
import { DAY, isoDate, queueReport } from './service.ts';

export interface ScheduleSettings {
  frequency: 'daily' | 'weekly' | 'monthly';
  dayOfWeek?: number | null;
  dayOfMonth?: number | null;
  hour: number;
}

/** The first run strictly after `after` (UTC): daily at hour; weekly on ISO dayOfWeek; monthly on dayOfMonth. */
export function nextRun(s: ScheduleSettings, after: Date): Date {
  const at = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d, s.hour, 0, 0, 0));
  const y = after.getUTCFullYear();
  const m = after.getUTCMonth();
  const d = after.getUTCDate();
  if (s.frequency === 'monthly') {
    const day = s.dayOfMonth ?? 1;
    let candidate = at(y, m, day);
    if (candidate <= after) candidate = at(y, m + 1, day);
    return candidate;
  }
  for (let offset = 0; offset <= 7; offset += 1) {
    const candidate = at(y, m, d + offset);
    if (candidate <= after) continue;
    const isoDay = ((candidate.getUTCDay() + 6) % 7) + 1;
    if (s.frequency === 'daily' || isoDay === (s.dayOfWeek ?? 1)) return candidate;
  }
  return at(y, m, d + 8);
}

/** The period a scheduled run covers: the day, the 7 days, or the month before the run (UTC dates). */
export function scheduledPeriod(
  frequency: ScheduleSettings['frequency'],
  runAt: Date,
): { from: string; to: string } {
  const to = new Date(Date.UTC(runAt.getUTCFullYear(), runAt.getUTCMonth(), runAt.getUTCDate()));
  const from =
    frequency === 'daily'
      ? new Date(to.getTime() - DAY)
      : frequency === 'weekly'
        ? new Date(to.getTime() - 7 * DAY)
        : new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() - 1, to.getUTCDate()));
  return { from: isoDate(from), to: isoDate(to) };
}

/** Turns every due schedule into a queued report (a queue tick's beforeTick). */
export async function runDueSchedules(deps: AppDeps, now = new Date()): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      organisation_id: string;
      frequency: ScheduleSettings['frequency'];
      day_of_week: number | null;
      day_of_month: number | null;
      hour: number;
      report_type: string;
    }>`
      select organisation_id, frequency, day_of_week, day_of_month, hour, report_type from report_schedules
      where enabled and next_run_at <= ${now} order by next_run_at for update skip locked`.execute(trx);
    for (const s of rows) {
      const period = scheduledPeriod(s.frequency, now);
      await queueReport(trx as unknown as Db, {
        name: `Scheduled ${s.report_type} report ${period.from} to ${period.to}`,
        type: s.report_type as ReportType,
        organisationIds: [s.organisation_id],
        ...period,
        includeChildren: true,
        createdBy: null,
        scheduledFor: s.organisation_id,
      });
      const next = nextRun(
        { frequency: s.frequency, dayOfWeek: s.day_of_week, dayOfMonth: s.day_of_month, hour: s.hour },
        now,
      );
      await trx
        .updateTable('report_schedules')
        .set({ last_run_at: now, next_run_at: next })
        .where('organisation_id', '=', s.organisation_id)
        .execute();
    }
    return rows.length;
  });
}
