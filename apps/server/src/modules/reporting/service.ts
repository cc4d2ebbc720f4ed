// Reports: the job that computes one (kind `report`), the report scheduler (turned into jobs at each
// queue tick) and the views the routes answer. The scheduler is in ./scheduler.ts.
//
// A report is created `queued` together with its job (one transaction). The job sets it `running`,
// computes the aggregates of ./aggregates.ts over its organisations (with their descendants when
// includeChildren) for [from, to), stores the CSV and the row count and sets it `succeeded`. When the job
// fails the report becomes `failed` with the error (e.g. an organisation it covers no longer exists, or the
// account that asked for it was erased before it ran); retry puts it back to `queued` with a new job, in the
// name of the administrator who retries it.
import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import { json } from '../../db/index.ts';
import type { ReportsTable } from '../../db/tables/admin.ts';
import type { AppDeps } from '../../http/types.ts';
import { PermanentJobError, enqueueJob, errorText, type Job, type JobKind } from '../../jobs/queue.ts';
import { organisationTree, withDescendants } from '../organisations/access.ts';
import { AGGREGATES, type ReportType } from './aggregates.ts';
import { researchData } from './research-data.ts';
import { toCsv } from './csv.ts';

export const REPORT_JOB = 'report';
/**
 * Tries of one report job: a report is safe to compute again (it replaces its CSV), so a job whose worker
 * stopped (a dead instance) is taken over and run again by another instance; report.attempts counts them.
 */
export const REPORT_ATTEMPTS = 3;

export type ReportRow = Selectable<ReportsTable>;

export const REPORT_COLUMNS = [
  'id',
  'name',
  'type',
  'status',
  'organisation_ids',
  'from_date',
  'to_date',
  'include_children',
  'scheduled_for',
  'created_by',
  'attempts',
  'error',
  'row_count',
  'created_at',
  'updated_at',
  'started_at',
  'completed_at',
] as const;

export function reportView(row: Omit<ReportRow, 'csv'>) {
  return {
    reportId: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    organisationIds: row.organisation_ids,
    from: row.from_date,
    to: row.to_date,
    createdAt: new Date(row.created_at).toISOString(),
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    attempts: row.attempts,
    error: row.error,
    rowCount: row.row_count,
  };
}

export interface NewReport {
  name: string;
  type: ReportType;
  organisationIds: string[];
  from: string;
  to: string;
  includeChildren: boolean;
  createdBy: string | null;
  scheduledFor?: string | null;
}

/** Inserts a queued report and its job (call inside a transaction). */
export async function queueReport(db: Db, input: NewReport): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('reports')
    .values({
      id,
      name: input.name,
      type: input.type,
      status: 'queued',
      organisation_ids: json(input.organisationIds),
      from_date: input.from,
      to_date: input.to,
      include_children: input.includeChildren,
      scheduled_for: input.scheduledFor ?? null,
      created_by: input.createdBy,
    })
    .execute();
  await enqueueJob(db, REPORT_JOB, { reportId: id }, { maxAttempts: REPORT_ATTEMPTS });
  return id;
}

/** Why a report whose requester's account was erased before it ran fails. */
export const REQUESTER_ERASED =
  'The account that asked for this report has been erased. Retry it to run it in your name.';

export const DAY = 86_400_000;
export const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Problems of a report request (empty when it can be queued). */
export function reportProblems(
  input: { from: string; to: string; organisationIds: string[] },
  administered: Set<string>,
): Array<{ field: string; message: string }> {
  const problems: Array<{ field: string; message: string }> = [];
  const from = Date.parse(`${input.from}T00:00:00Z`);
  const to = Date.parse(`${input.to}T00:00:00Z`);
  if (Number.isNaN(from) || isoDate(new Date(from)) !== input.from)
    problems.push({ field: 'from', message: 'is not a valid date' });
  if (Number.isNaN(to) || isoDate(new Date(to)) !== input.to)
    problems.push({ field: 'to', message: 'is not a valid date' });
  if (!Number.isNaN(from) && !Number.isNaN(to)) {
    if (to <= from) problems.push({ field: 'to', message: 'must be after from' });
    else if (to - from > 366 * DAY)
      problems.push({ field: 'to', message: 'must be at most 366 days after from' });
  }
  for (const [i, id] of input.organisationIds.entries()) {
    if (!administered.has(id))
      problems.push({ field: `organisationIds/${i}`, message: 'is not an organisation you administer' });
  }
  return problems;
}

async function runReport(job: Job, deps: AppDeps): Promise<void> {
  const reportId = String(job.payload.reportId);
  const report = (await deps.db
    .selectFrom('reports')
    .select([...REPORT_COLUMNS])
    .where('id', '=', reportId)
    .executeTakeFirst()) as Omit<ReportRow, 'csv'> | undefined;
  // Deleted, or already handled by a newer job. (A try that failed, or whose worker stopped, put the
  // report back to `queued` in reportJob.retrying: the next try computes it again from the start.)
  if (!report || report.status !== 'queued') return;
  await deps.db
    .updateTable('reports')
    .set({
      status: 'running',
      started_at: sql`now()`,
      attempts: sql`attempts + 1`,
      error: null,
      updated_at: sql`now()`,
    })
    .where('id', '=', reportId)
    .execute();
  // A report a person asked for is made in their name: once their account has been erased (which clears
  // created_by) nobody answers for it, so it fails until an administrator retries it in theirs.
  if (report.created_by === null && report.scheduled_for === null)
    throw new PermanentJobError(REQUESTER_ERASED);
  const tree = await organisationTree(deps.db);
  const missing = report.organisation_ids.filter((id) => !tree.has(id));
  if (missing.length > 0) throw new PermanentJobError(`Organisation ${missing.join(', ')} no longer exists.`);
  const ids = [
    ...(report.include_children
      ? withDescendants(tree, report.organisation_ids)
      : new Set(report.organisation_ids)),
  ];
  const aggregate =
    report.type === 'research-data'
      ? researchData
      : AGGREGATES[report.type as Exclude<ReportType, 'research-data'>];
  if (!aggregate) throw new PermanentJobError(`Unknown report type ${report.type}.`);
  const table = await aggregate(
    deps.db,
    ids,
    {
      from: new Date(`${report.from_date}T00:00:00Z`),
      to: new Date(`${report.to_date}T00:00:00Z`),
    },
    { secret: deps.config.secret },
  );
  await deps.db
    .updateTable('reports')
    .set({
      status: 'succeeded',
      csv: toCsv(table.header, table.rows),
      row_count: table.rows.length,
      completed_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('id', '=', reportId)
    .execute();
  if (report.scheduled_for) await mailRecipients(deps, report.scheduled_for, report.name);
}

/** Tells the schedule's recipients a scheduled report is ready (no data in the mail: they sign in to download). */
async function mailRecipients(deps: AppDeps, organisationId: string, name: string): Promise<void> {
  const schedule = await deps.db
    .selectFrom('report_schedules')
    .select('recipients')
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  const recipients = (schedule?.recipients ?? []) as string[];
  for (const to of recipients) {
    await deps.mailer.send({
      to,
      subject: `Tend: your scheduled report "${name}" is ready`,
      text: `The scheduled report "${name}" is ready. Sign in to the Tend admin area to download it (Reports › Scheduler › Download).\n\nFor privacy the report itself is not sent by e-mail.`,
    });
  }
}

export const reportJob: JobKind = {
  run: runReport,
  /** Another try is coming (this one threw, or its instance stopped): the report waits in the queue again. */
  async retrying(job, error, deps) {
    await deps.db
      .updateTable('reports')
      .set({ status: 'queued', error: errorText(error), updated_at: sql`now()` })
      .where('id', '=', String(job.payload.reportId))
      .where('status', '=', 'running')
      .execute();
  },
  async failed(job, error, deps) {
    await deps.db
      .updateTable('reports')
      .set({ status: 'failed', error: errorText(error), completed_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', String(job.payload.reportId))
      .execute();
  },
};
