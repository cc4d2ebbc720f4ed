// The calling patient's surveys (tag `surveys`): the sessions offered to them and their answer to one.
import { notFound } from '../../http/errors.ts';
import type { Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { storeSurveyResponse } from '../onboarding/routes.ts';
import type { SurveyQuestion } from '../onboarding/survey-lookup.ts';
import { ancestry, callerOf, organisationOfPerson, organisationTree } from '../organisations/access.ts';
import { storedConfig, type SurveyRow } from './config.ts';
import { requireSelfPatient } from '../patients/access.ts';

export const sessionHandlers: Handlers = {
  listSurveySessions: async (_req, ctx) => {
    const user = callerOf(ctx);
    const organisationId = await organisationOfPerson(ctx.db, 'patients', user.uid);
    if (organisationId === undefined) return { items: [] };
    const chain = ancestry(await organisationTree(ctx.db), organisationId);
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
    const stored = await storeSurveyResponse(ctx.db, row.config.questions as SurveyQuestion[], answers, {
      patientId: patient.id,
      urlSuffix: row.config.urlSuffix,
      surveyId: row.id,
    });
    return respond(201, {
      responseId: stored.id,
      surveyId: row.id,
      completedAt: new Date(stored.completed_at).toISOString(),
    });
  },
};
