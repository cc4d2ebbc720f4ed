// Which administrators see and manage a survey (tag `surveys`; the rules are in ./routes.ts).
import { type Db } from '../../db/index.ts';
import { notFound } from '../../http/errors.ts';
import type { HandlerContext } from '../../http/types.ts';
import { callerOf, requireAdmin, type AdminScope } from '../organisations/access.ts';
import { type SurveyRow } from './config.ts';

export async function links(db: Db, surveyIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (surveyIds.length === 0) return map;
  const rows = await db
    .selectFrom('survey_organisations')
    .select(['survey_id', 'organisation_id'])
    .where('survey_id', 'in', surveyIds)
    .orderBy('organisation_id')
    .execute();
  for (const r of rows) map.set(r.survey_id, [...(map.get(r.survey_id) ?? []), r.organisation_id]);
  return map;
}

export function visible(scope: AdminScope, uid: string, row: SurveyRow, linked: string[]): boolean {
  return scope.platform || row.created_by === uid || linked.some((o) => scope.ids.has(o));
}

export function manageable(scope: AdminScope, uid: string, row: SurveyRow, linked: string[]): boolean {
  return (
    scope.platform || row.created_by === uid || (linked.length > 0 && linked.every((o) => scope.ids.has(o)))
  );
}

/** The survey, visible to the calling administrator (404 otherwise), with its organisations. */
export async function loadVisible(ctx: HandlerContext, surveyId: string) {
  const scope = await requireAdmin(ctx);
  const uid = callerOf(ctx).uid;
  const row = (await ctx.db
    .selectFrom('surveys')
    .select(['id', 'type', 'config', 'etag', 'created_by', 'created_at'])
    .where('id', '=', surveyId)
    .executeTakeFirst()) as SurveyRow | undefined;
  const linked = row ? ((await links(ctx.db, [row.id])).get(row.id) ?? []) : [];
  if (!row || !visible(scope, uid, row, linked)) throw notFound('No such survey.');
  return { scope, uid, row, linked };
}
