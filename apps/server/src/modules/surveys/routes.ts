// surveys tag: the calling patient's survey sessions and their answer to one (submitSurveyResponse), and for administrators: list (startAfter cursor),
// create, config read and replace with ETag, delete, and the organisations offering a survey.
//
// Who may do what (administrators, see ../organisations/access.ts):
// - a survey is VISIBLE to an administrator who created it or who administers one of the organisations
//   offering it (a platform administrator sees all); anyone else gets 404;
// - it is MANAGED (config replaced, deleted) by its creator, a platform administrator, or an
//   administrator of every organisation offering it; a visible survey they may not manage answers 403;
// - its organisations are changed only among the organisations the administrator runs: links to other
//   organisations are kept as they are, and naming one of those answers 403.
// The surveys table (id, type, config jsonb) is also read by the onboarding module (responses).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { json, type Db } from '../../db/index.ts';
import { HttpError, badRequest, forbidden, notFound, validationError } from '../../http/errors.ts';
import { checkEtag, newEtag } from '../../http/etag.ts';
import type { HandlerContext, Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { checkAnswers } from '../onboarding/routes.ts';
import type { SurveyQuestion } from '../onboarding/survey-lookup.ts';
import {
  ancestry,
  callerOf,
  organisationTree,
  requireAdmin,
  type AdminScope,
} from '../organisations/access.ts';
import { requireSelfPatient } from '../patients/access.ts';

export const PAGE_SIZE = 25;

interface SurveyConfig {
  [key: string]: unknown;
  title: string;
  urlSuffix: string;
  description?: string;
  questions: Array<{
    id: string;
    type: string;
    text: string;
    options?: string[];
    min?: number;
    max?: number;
    required?: boolean;
  }>;
}

interface SurveyRow {
  id: string;
  type: string;
  config: SurveyConfig;
  etag: string;
  created_by: string | null;
  created_at: Date;
}

/** Checks what the schema cannot: unique question ids, options for choice questions, min ≤ max. */
export function checkConfig(config: SurveyConfig, prefix = ''): void {
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  config.questions.forEach((q, i) => {
    const at = `${prefix}questions/${i}`;
    if (seen.has(q.id)) fields[`${at}/id`] = 'is used by another question';
    seen.add(q.id);
    if ((q.type === 'single-choice' || q.type === 'multiple-choice') && (!q.options || q.options.length < 2))
      fields[`${at}/options`] = 'needs at least two options';
    if (q.options && new Set(q.options).size !== q.options.length)
      fields[`${at}/options`] = 'does not contain unique elements';
    if (q.type === 'scale' && (typeof q.min !== 'number' || typeof q.max !== 'number'))
      fields[`${at}/min`] = 'a scale needs min and max';
    if (typeof q.min === 'number' && typeof q.max === 'number' && q.min > q.max)
      fields[`${at}/max`] = `is less than ${prefix}questions/${i}/min`;
  });
  if (Object.keys(fields).length > 0)
    throw badRequest('The survey’s questions are not consistent.', { fields });
}

/** The config as stored: the request's fields without the read-only etag. */
function storedConfig(input: SurveyConfig & { etag?: string }): SurveyConfig {
  const { etag: _etag, ...config } = input;
  return config;
}

async function links(db: Db, surveyIds: string[]): Promise<Map<string, string[]>> {
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

function visible(scope: AdminScope, uid: string, row: SurveyRow, linked: string[]): boolean {
  return scope.platform || row.created_by === uid || linked.some((o) => scope.ids.has(o));
}

function manageable(scope: AdminScope, uid: string, row: SurveyRow, linked: string[]): boolean {
  return (
    scope.platform || row.created_by === uid || (linked.length > 0 && linked.every((o) => scope.ids.has(o)))
  );
}

/** The survey, visible to the calling administrator (404 otherwise), with its organisations. */
async function loadVisible(ctx: HandlerContext, surveyId: string) {
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

const configView = (row: Pick<SurveyRow, 'config' | 'etag'>) => ({ ...row.config, etag: row.etag });

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

async function suffixTaken(db: Db, urlSuffix: string, exceptId: string | null): Promise<boolean> {
  const row = await db
    .selectFrom('surveys')
    .select('id')
    .where(sql<string>`config->>'urlSuffix'`, '=', urlSuffix)
    .$if(exceptId !== null, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

const suffixInUse = () =>
  new HttpError(409, 'url_suffix_in_use', 'Another survey already uses this address.', {
    fields: { 'config/urlSuffix': 'is already used' },
  });

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

export const handlers: Handlers = {
  listSurveySessions: async (_req, ctx) => {
    const user = callerOf(ctx);
    const patient = await ctx.db
      .selectFrom('patients')
      .select('organisation_id')
      .where('id', '=', user.uid)
      .executeTakeFirst();
    if (!patient) return { items: [] };
    const chain = ancestry(await organisationTree(ctx.db), patient.organisation_id);
    const rows = (await ctx.db
      .selectFrom('surveys')
      .select(['id', 'type', 'config', 'etag', 'created_by', 'created_at'])
      .where(
        'id',
        'in',
        ctx.db.selectFrom('survey_organisations').select('survey_id').where('organisation_id', 'in', chain),
      )
      .orderBy('created_at')
      .orderBy('id')
      .execute()) as SurveyRow[];
    const responses = rows.length
      ? await ctx.db
          .selectFrom('onboarding_survey_responses')
          .select(['survey_id', 'url_suffix', 'completed_at'])
          .where('patient_id', '=', user.uid)
          .execute()
      : [];
    return {
      items: rows.map((r) => {
        const done = responses
          .filter(
            (x) => x.survey_id === r.id || (x.survey_id === null && x.url_suffix === r.config.urlSuffix),
          )
          .map((x) => new Date(x.completed_at).getTime())
          .sort((a, b) => b - a)[0];
        return {
          surveyId: r.id,
          title: r.config.title,
          urlSuffix: r.config.urlSuffix,
          type: r.type,
          completedAt: done ? new Date(done).toISOString() : null,
          // What the patient answers (the renderer draws it); the editor's etag stays with the editor.
          config: storedConfig(r.config),
        };
      }),
    };
  },

  // A survey offered to the patient's organisation chain, answered (any type; the onboarding survey has its
  // own call by address too). Stored with the onboarding responses (same shape, keyed by survey_id), so the
  // sessions list's completedAt and the reports read one table. Answered again: a new row, the latest counts.
  submitSurveyResponse: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    const surveyId = String(ctx.params.surveyId);
    const chain = ancestry(await organisationTree(ctx.db), patient.organisation_id);
    const row = (await ctx.db
      .selectFrom('surveys')
      .select(['id', 'config'])
      .where('id', '=', surveyId)
      .where(
        'id',
        'in',
        ctx.db.selectFrom('survey_organisations').select('survey_id').where('organisation_id', 'in', chain),
      )
      .executeTakeFirst()) as Pick<SurveyRow, 'id' | 'config'> | undefined;
    if (!row) throw notFound('This survey is not offered to you.');
    const answers = (ctx.body as { responseData: Record<string, string | number | boolean | string[]> })
      .responseData;
    const problems = checkAnswers(row.config.questions as SurveyQuestion[], answers);
    if (Object.keys(problems).length > 0)
      throw validationError('Some answers need another look.', { fields: problems });
    const stored = await ctx.db
      .insertInto('onboarding_survey_responses')
      .values({
        id: randomUUID(),
        patient_id: patient.id,
        url_suffix: row.config.urlSuffix,
        survey_id: row.id,
        response_data: json(answers),
        completed_at: new Date(),
      })
      .returning(['id', 'completed_at'])
      .executeTakeFirstOrThrow();
    return respond(201, {
      responseId: stored.id,
      surveyId: row.id,
      completedAt: new Date(stored.completed_at).toISOString(),
    });
  },

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
      startAfter:
        rows.length > PAGE_SIZE && last
          ? Buffer.from(JSON.stringify({ c: last.created_key, i: last.id })).toString('base64url')
          : null,
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
