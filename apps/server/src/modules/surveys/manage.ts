// Surveys for administrators (tag `surveys`): list (startAfter cursor), create, config read and replace
// with ETag, delete, and the organisations offering a survey.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { json, type Db } from '../../db/index.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { checkEtag, newEtag } from '../../http/etag.ts';
import { writeKeyset } from '../../http/keyset.ts';
import type { Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { callerOf, requireAdmin } from '../organisations/access.ts';
import {
  checkConfig,
  configView,
  isUniqueViolation,
  storedConfig,
  suffixInUse,
  suffixTaken,
  type SurveyConfig,
  type SurveyRow,
} from './config.ts';
import { links, loadVisible, manageable } from './access.ts';

export const PAGE_SIZE = 25;

async function responseCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('onboarding_survey_responses')
    .select(['survey_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('survey_id', 'in', ids)
    .groupBy('survey_id')
    .execute();
  return new Map(rows.map((r) => [String(r.survey_id), Number(r.n)]));
}

function surveyView(row: SurveyRow, organisations: string[], responses: number) {
  return {
    surveyId: row.id,
    type: row.type,
    title: row.config.title,
    urlSuffix: row.config.urlSuffix,
    organisations,
    createdAt: new Date(row.created_at).toISOString(),
    responseCount: responses,
  };
}
function readCursor(value: string): { c: string; i: string } {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as { c: string; i: string };
    if (
      typeof parsed.c === 'string' &&
      typeof parsed.i === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/.test(parsed.c)
    )
      return parsed;
  } catch {
    // answered below
  }
  throw badRequest('The startAfter cursor is not one this server gave.', {
    fields: { startAfter: 'is not a valid cursor' },
  });
}

export const manageHandlers: Handlers = {
  listSurveys: async (_req, ctx) => {
    const scope = await requireAdmin(ctx);
    const uid = callerOf(ctx).uid;
    const cursor = typeof ctx.query.startAfter === 'string' ? readCursor(ctx.query.startAfter) : null;
    // The cursor keeps created_at to the microsecond (PostgreSQL's precision; a JS Date has milliseconds).
    const createdKey = sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
    const rows = (await ctx.db
      .selectFrom('surveys')
      .select(['id', 'type', 'config', 'etag', 'created_by', 'created_at', createdKey.as('created_key')])
      .$if(!scope.platform, (q) =>
        q.where((eb) =>
          eb.or([
            eb('created_by', '=', uid),
            eb(
              'id',
              'in',
              eb
                .selectFrom('survey_organisations')
                .select('survey_id')
                .where('organisation_id', 'in', [...scope.ids, '']),
            ),
          ]),
        ),
      )
      .$if(cursor !== null, (q) =>
        q.where(
          sql<boolean>`(created_at, id) > ((${cursor!.c}::timestamp at time zone 'UTC'), ${cursor!.i})`,
        ),
      )
      .orderBy('created_at')
      .orderBy('id')
      .limit(PAGE_SIZE + 1)
      .execute()) as Array<SurveyRow & { created_key: string }>;
    const page = rows.slice(0, PAGE_SIZE);
    const linked = await links(
      ctx.db,
      page.map((r) => r.id),
    );
    const counts = await responseCounts(
      ctx.db,
      page.map((r) => r.id),
    );
    const last = page[page.length - 1];
    return {
      items: page.map((r) =>
        surveyView(
          r,
          (linked.get(r.id) ?? []).filter((o) => scope.ids.has(o)),
          counts.get(r.id) ?? 0,
        ),
      ),
      startAfter: rows.length > PAGE_SIZE && last ? writeKeyset({ c: last.created_key, i: last.id }) : null,
    };
  },

  createSurvey: async (_req, ctx) => {
    const scope = await requireAdmin(ctx);
    const uid = callerOf(ctx).uid;
    const input = ctx.body as {
      type: string;
      config: SurveyConfig & { etag?: string };
      organisations?: string[];
    };
    const config = storedConfig(input.config);
    checkConfig(config, 'config/');
    const organisations = [...new Set(input.organisations ?? [])];
    const foreign = organisations.filter((o) => !scope.ids.has(o));
    if (foreign.length > 0) throw forbidden(`You do not administer ${foreign.join(', ')}.`);
    const id = randomUUID();
    try {
      const row = await ctx.db.transaction().execute(async (trx) => {
        if (await suffixTaken(trx as unknown as Db, config.urlSuffix, null)) throw suffixInUse();
        const inserted = (await trx
          .insertInto('surveys')
          .values({ id, type: input.type, config: json(config), etag: newEtag(), created_by: uid })
          .returning(['id', 'type', 'config', 'etag', 'created_by', 'created_at'])
          .executeTakeFirstOrThrow()) as SurveyRow;
        if (organisations.length > 0)
          await trx
            .insertInto('survey_organisations')
            .values(organisations.map((o) => ({ survey_id: id, organisation_id: o })))
            .execute();
        return inserted;
      });
      return respond(201, surveyView(row, organisations.sort(), 0));
    } catch (error) {
      if (isUniqueViolation(error)) throw suffixInUse();
      throw error;
    }
  },

  getSurveyConfig: async (_req, ctx) => {
    const { row } = await loadVisible(ctx, String(ctx.params.surveyId));
    return respond(200, configView(row), { etag: row.etag });
  },

  updateSurveyConfig: async (_req, ctx) => {
    const { scope, uid, row, linked } = await loadVisible(ctx, String(ctx.params.surveyId));
    if (!manageable(scope, uid, row, linked))
      throw forbidden(
        'Only its creator or an administrator of every organisation offering it may change this survey.',
      );
    const config = storedConfig(ctx.body as SurveyConfig & { etag?: string });
    try {
      const updated = await ctx.db.transaction().execute(async (trx) => {
        const current = (await trx
          .selectFrom('surveys')
          .select(['config', 'etag'])
          .where('id', '=', row.id)
          .forUpdate()
          .executeTakeFirst()) as Pick<SurveyRow, 'config' | 'etag'> | undefined;
        if (!current) throw notFound('No such survey.');
        checkEtag(ctx.headers, current.etag, configView(current));
        checkConfig(config);
        if (await suffixTaken(trx as unknown as Db, config.urlSuffix, row.id)) throw suffixInUse();
        return (await trx
          .updateTable('surveys')
          .set({ config: json(config), etag: newEtag(), updated_at: new Date() })
          .where('id', '=', row.id)
          .returning(['config', 'etag'])
          .executeTakeFirstOrThrow()) as Pick<SurveyRow, 'config' | 'etag'>;
      });
      return respond(200, configView(updated), { etag: updated.etag });
    } catch (error) {
      if (isUniqueViolation(error)) throw suffixInUse();
      throw error;
    }
  },

  deleteSurvey: async (_req, ctx) => {
    const { scope, uid, row, linked } = await loadVisible(ctx, String(ctx.params.surveyId));
    if (!manageable(scope, uid, row, linked))
      throw forbidden(
        'Only its creator or an administrator of every organisation offering it may delete this survey.',
      );
    // Links go with the survey (cascade); collected responses stay (onboarding_survey_responses) for reports.
    await ctx.db.deleteFrom('surveys').where('id', '=', row.id).execute();
    return respond(204);
  },

  listSurveyOrganisations: async (_req, ctx) => {
    const { scope, linked } = await loadVisible(ctx, String(ctx.params.surveyId));
    return { organisations: linked.filter((o) => scope.ids.has(o)) };
  },

  setSurveyOrganisations: async (_req, ctx) => {
    const { scope, row } = await loadVisible(ctx, String(ctx.params.surveyId));
    const wanted = (ctx.body as { organisations: string[] }).organisations;
    const foreign = wanted.filter((o) => !scope.ids.has(o));
    if (foreign.length > 0) throw forbidden(`You do not administer ${foreign.join(', ')}.`);
    const mine = [...scope.ids];
    await ctx.db.transaction().execute(async (trx) => {
      if (mine.length > 0)
        await trx
          .deleteFrom('survey_organisations')
          .where('survey_id', '=', row.id)
          .where('organisation_id', 'in', mine)
          .execute();
      if (wanted.length > 0)
        await trx
          .insertInto('survey_organisations')
          .values(wanted.map((o) => ({ survey_id: row.id, organisation_id: o })))
          .execute();
    });
    const linked = (await links(ctx.db, [row.id])).get(row.id) ?? [];
    return { organisations: linked.filter((o) => scope.ids.has(o)) };
  },
};
