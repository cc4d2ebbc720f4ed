// Reports (tag `reporting`): create, list, get, rename, validate, retry and zip; run by the job queue (see
// ./routes.ts). A report is visible to an administrator who administers every organisation it covers (404
// otherwise).
import { sql } from 'kysely';
import { zipSync, strToU8 } from 'fflate';
import type { Db } from '../../db/index.ts';
import { HttpError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { HandlerContext, Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { callerOf, requireAdmin, type AdminScope } from '../organisations/access.ts';
import type { ReportType } from './aggregates.ts';
import {
  REPORT_COLUMNS,
  REPORT_ATTEMPTS,
  REPORT_JOB,
  queueReport,
  reportProblems,
  reportView,
  type ReportRow,
} from './service.ts';

/** `paginationCursor` of listReports: the id of a page's last report (the next page starts after it, by (created_at, id)). */
const REPORT_CURSOR = /^[A-Za-z0-9-]{1,64}$/;

type ReportInput = {
  name: string;
  type: ReportType;
  organisationIds: string[];
  from: string;
  to: string;
  includeChildren?: boolean;
};

const canSee = (scope: AdminScope, row: Pick<ReportRow, 'organisation_ids'>) =>
  (row.organisation_ids as string[]).every((o) => scope.ids.has(o));

async function visibleReport(ctx: HandlerContext, reportId: string) {
  const scope = await requireAdmin(ctx);
  const row = (await ctx.db
    .selectFrom('reports')
    .select([...REPORT_COLUMNS])
    .where('id', '=', reportId)
    .executeTakeFirst()) as Omit<ReportRow, 'csv'> | undefined;
  if (!row || !canSee(scope, row)) throw notFound('No such report.');
  return row;
}

async function reload(ctx: HandlerContext, id: string) {
  return reportView(
    (await ctx.db
      .selectFrom('reports')
      .select([...REPORT_COLUMNS])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()) as Omit<ReportRow, 'csv'>,
  );
}

/** A file name for a report inside the zip: its name without path or control characters, unique. */
export function zipEntryName(name: string, taken: Set<string>): string {
  const cleaned = [...name].map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? '_' : c)).join('');
  const base = (
    cleaned
      .replace(/[\\/:*?"<>|]+/g, '_')
      .replace(/^[.\s]+/, '')
      .trim() || 'report'
  ).slice(0, 120);
  let candidate = `${base}.csv`;
  for (let i = 2; taken.has(candidate.toLowerCase()); i += 1) candidate = `${base} (${i}).csv`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

export const reportHandlers: Handlers = {
  createReport: async (_req, ctx) => {
    const scope = await requireAdmin(ctx);
    const input = ctx.body as ReportInput;
    const problems = reportProblems(input, scope.ids);
    if (problems.some((p) => p.field.startsWith('organisationIds')))
      throw forbidden('You may only report on organisations you administer.');
    if (problems.length > 0)
      throw badRequest('The report request is not valid.', {
        fields: Object.fromEntries(problems.map((p) => [p.field, p.message])),
      });
    const id = await ctx.db.transaction().execute((trx) =>
      queueReport(trx as unknown as Db, {
        ...input,
        includeChildren: input.includeChildren ?? true,
        createdBy: callerOf(ctx).uid,
      }),
    );
    return respond(201, await reload(ctx, id));
  },

  listReports: async (_req, ctx) => {
    const scope = await requireAdmin(ctx);
    const limit = Number(ctx.query.limit ?? 20);
    const raw = ctx.query.paginationCursor;
    const after = typeof raw === 'string' ? raw : null;
    if (after !== null && !REPORT_CURSOR.test(after))
      throw badRequest('The paginationCursor is not one this list gave.', {
        fields: { paginationCursor: 'is not valid' },
      });
    let query = ctx.db.selectFrom('reports').select([...REPORT_COLUMNS]);
    // Only reports whose every organisation the admin administers (a platform admin sees them all).
    if (!scope.platform)
      query = query.where(sql<boolean>`organisation_ids <@ ${JSON.stringify([...scope.ids])}::jsonb`);
    // keyset on the stored timestamp itself (microseconds), so reports made in the same millisecond are neither skipped nor repeated
    if (after !== null)
      query = query.where(
        sql<boolean>`(created_at, id) < (select r.created_at, r.id from reports r where r.id = ${after})`,
      );
    const rows = (await query
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute()) as Omit<ReportRow, 'csv'>[];
    const page = rows.slice(0, limit);
    return { items: page.map(reportView), paginationCursor: rows.length > limit ? page.at(-1)!.id : null };
  },

  getReport: async (_req, ctx) => reportView(await visibleReport(ctx, String(ctx.params.reportId))),

  renameReport: async (_req, ctx) => {
    const row = await visibleReport(ctx, String(ctx.params.reportId));
    const name = (ctx.body as { name: string }).name.trim();
    if (!name) throw badRequest('The name cannot be blank.', { fields: { name: "can't be blank" } });
    await ctx.db
      .updateTable('reports')
      .set({ name, updated_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    return reload(ctx, row.id);
  },

  retryReport: async (_req, ctx) => {
    const row = await visibleReport(ctx, String(ctx.params.reportId));
    await ctx.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('reports')
        // run again in the name of the administrator who retries it
        .set({
          status: 'queued',
          error: null,
          completed_at: null,
          created_by: callerOf(ctx).uid,
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .where('status', '=', 'failed')
        .returning('id')
        .executeTakeFirst();
      if (!updated)
        throw new HttpError(409, 'not_failed', 'Only a failed report can be retried.', {
          status: row.status,
        });
      await enqueueJob(
        trx as unknown as Db,
        REPORT_JOB,
        { reportId: row.id },
        { maxAttempts: REPORT_ATTEMPTS },
      );
    });
    return reload(ctx, row.id);
  },

  zipReports: async (_req, ctx) => {
    const scope = await requireAdmin(ctx);
    const ids = (ctx.body as { reportIds: string[] }).reportIds;
    const rows = await ctx.db
      .selectFrom('reports')
      .select(['id', 'name', 'status', 'organisation_ids', 'csv'])
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const files: Record<string, Uint8Array> = {};
    const taken = new Set<string>();
    for (const id of ids) {
      const row = byId.get(id);
      if (!row || !canSee(scope, row)) throw notFound(`No such report: ${id}.`);
      if (row.status !== 'succeeded' || row.csv === null)
        throw new HttpError(
          409,
          'not_ready',
          `The report "${row.name}" is ${row.status}, not ready to download.`,
          { reportId: id, status: row.status },
        );
      files[zipEntryName(row.name, taken)] = strToU8(row.csv);
    }
    const zip = Buffer.from(zipSync(files, { level: 6, mtime: new Date() }));
    ctx.reply
      .code(200)
      .header('content-type', 'application/zip')
      .header(
        'content-disposition',
        `attachment; filename="tend-reports-${new Date().toISOString().slice(0, 10)}.zip"`,
      )
      .header('cache-control', 'private, no-store')
      .header('content-length', String(zip.length))
      .send(zip);
    return undefined;
  },

  validateReport: async (_req, ctx) => {
    const scope = await requireAdmin(ctx);
    const problems = reportProblems(ctx.body as ReportInput, scope.ids);
    return { valid: problems.length === 0, problems };
  },
};
