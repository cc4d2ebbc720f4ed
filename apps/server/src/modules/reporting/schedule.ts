// The report scheduler (tag `reporting`): get and update an organisation's schedule, and the CSV download
// of its latest scheduled report.
import { json } from '../../db/index.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { adminScope, callerOf, requireAdmin, type AdminScope } from '../organisations/access.ts';
import { nextRun } from './scheduler.ts';

const DEFAULT_SCHEDULE = {
  enabled: false,
  frequency: 'weekly',
  dayOfWeek: 1,
  dayOfMonth: null,
  hour: 6,
  recipients: [] as string[],
  reportType: 'usage',
} as const;

function scheduleView(organisationId: string, row: Record<string, unknown> | undefined) {
  if (!row) return { organisationId, ...DEFAULT_SCHEDULE, lastRunAt: null, nextRunAt: null };
  const iso = (v: unknown) => (v ? new Date(v as Date).toISOString() : null);
  return {
    organisationId,
    enabled: Boolean(row.enabled),
    frequency: row.frequency,
    dayOfWeek: row.day_of_week ?? null,
    dayOfMonth: row.day_of_month ?? null,
    hour: row.hour,
    recipients: row.recipients,
    reportType: row.report_type,
    lastRunAt: iso(row.last_run_at),
    nextRunAt: iso(row.next_run_at),
  };
}

/** The organisation a scheduler call is about: the one named (administered, else 403), or the first administered. */
function scheduleOrganisation(scope: AdminScope, named: unknown): string {
  if (typeof named === 'string') {
    if (!scope.ids.has(named)) throw forbidden('You do not administer that organisation.');
    return named;
  }
  const first = scope.roots[0];
  if (!first) throw forbidden('You do not administer any organisation.');
  return first;
}

export const scheduleHandlers: Handlers = {
  updateReportSchedule: async (_req, ctx) => {
    const scope = await requireAdmin(ctx);
    const input = ctx.body as {
      organisationId: string;
      enabled: boolean;
      frequency: 'daily' | 'weekly' | 'monthly';
      dayOfWeek?: number | null;
      dayOfMonth?: number | null;
      hour?: number;
      recipients: string[];
      reportType: string;
    };
    const organisationId = scheduleOrganisation(scope, input.organisationId);
    const fields: Record<string, string> = {};
    if (input.frequency === 'weekly' && typeof input.dayOfWeek !== 'number')
      fields.dayOfWeek = "can't be blank for a weekly schedule";
    if (input.frequency === 'monthly' && typeof input.dayOfMonth !== 'number')
      fields.dayOfMonth = "can't be blank for a monthly schedule";
    if (Object.keys(fields).length > 0) throw badRequest('The schedule is not complete.', { fields });
    const settings = {
      frequency: input.frequency,
      dayOfWeek: input.frequency === 'weekly' ? input.dayOfWeek! : null,
      dayOfMonth: input.frequency === 'monthly' ? input.dayOfMonth! : null,
      hour: input.hour ?? 6,
    };
    const now = new Date();
    const values = {
      enabled: input.enabled,
      frequency: settings.frequency,
      day_of_week: settings.dayOfWeek,
      day_of_month: settings.dayOfMonth,
      hour: settings.hour,
      recipients: json([...new Set(input.recipients.map((r) => r.toLowerCase()))]),
      report_type: input.reportType,
      next_run_at: input.enabled ? nextRun(settings, now) : null,
      updated_by: callerOf(ctx).uid,
      updated_at: now,
    };
    const row = await ctx.db
      .insertInto('report_schedules')
      .values({ organisation_id: organisationId, ...values })
      .onConflict((oc) => oc.column('organisation_id').doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
    return scheduleView(organisationId, row as unknown as Record<string, unknown>);
  },

  getReportSchedule: async (_req, ctx) => {
    const scope = await requireAdmin(ctx);
    const organisationId = scheduleOrganisation(scope, ctx.query.organisationId);
    const row = await ctx.db
      .selectFrom('report_schedules')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .executeTakeFirst();
    return scheduleView(organisationId, row as unknown as Record<string, unknown> | undefined);
  },

  downloadScheduledReport: async (_req, ctx) => {
    const user = callerOf(ctx);
    const named = typeof ctx.query.organisationId === 'string' ? ctx.query.organisationId : undefined;
    let organisationId: string;
    const scope = await adminScope(ctx.db, user);
    if (scope.ids.size > 0 || scope.platform) organisationId = scheduleOrganisation(scope, named);
    else if (user.scopes.includes('data-export')) {
      // data-export tooling downloads any organisation's scheduled report, naming it
      if (!named)
        throw badRequest('Name the organisation (organisationId).', {
          fields: { organisationId: "can't be blank" },
        });
      organisationId = named;
    } else throw forbidden('You do not administer any organisation.');
    const row = await ctx.db
      .selectFrom('reports')
      .select(['name', 'csv', 'completed_at'])
      .where('scheduled_for', '=', organisationId)
      .where('status', '=', 'succeeded')
      .orderBy('completed_at', 'desc')
      .executeTakeFirst();
    if (!row || row.csv === null) throw notFound('This organisation has no scheduled report yet.');
    const file = `${organisationId}-${new Date(row.completed_at ?? Date.now()).toISOString().slice(0, 10)}.csv`;
    return respond(
      200,
      row.csv,
      { 'content-disposition': `attachment; filename="${file}"`, 'cache-control': 'private, no-store' },
      'text/csv; charset=utf-8',
    );
  },
};
