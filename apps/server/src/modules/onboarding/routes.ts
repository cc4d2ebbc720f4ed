// Onboarding survey responses (tag `onboarding`): the calling patient's completed response to the
// onboarding survey published at a URL suffix (offered to their organisation or an ancestor; 404
// otherwise), checked against the survey's questions.
import { randomUUID } from 'node:crypto';
import { json, type Db } from '../../db/index.ts';
import { notFound, validationError } from '../../http/errors.ts';
import type { Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { requireSelfPatient } from '../patients/access.ts';
import { findOnboardingSurvey, type SurveyQuestion } from './survey-lookup.ts';

type Answer = string | number | boolean | string[];

const blank = (a: Answer | undefined) =>
  a === undefined || (typeof a === 'string' && a.trim() === '') || (Array.isArray(a) && a.length === 0);

/** What is wrong with each answer (question id → reason); empty when the response fits the survey. */
export function checkAnswers(
  questions: SurveyQuestion[],
  answers: Record<string, Answer>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const byId = new Map(questions.map((q) => [q.id, q]));
  for (const id of Object.keys(answers)) if (!byId.has(id)) problems[id] = 'is not a question of this survey';
  for (const q of questions) {
    const a = answers[q.id];
    if (blank(a)) {
      if (q.required) problems[q.id] = "can't be blank";
      continue;
    }
    const inRange = (n: number) => (q.min === undefined || n >= q.min) && (q.max === undefined || n <= q.max);
    switch (q.type) {
      case 'text':
        if (typeof a !== 'string') problems[q.id] = 'must be text';
        break;
      case 'number':
        if (typeof a !== 'number') problems[q.id] = 'must be a number';
        else if (!inRange(a)) problems[q.id] = `must be between ${q.min ?? '-∞'} and ${q.max ?? '∞'}`;
        break;
      case 'scale':
        if (typeof a !== 'number' || !Number.isInteger(a)) problems[q.id] = 'must be a whole number';
        else if (!inRange(a)) problems[q.id] = `must be between ${q.min ?? '-∞'} and ${q.max ?? '∞'}`;
        break;
      case 'boolean':
        if (typeof a !== 'boolean') problems[q.id] = 'must be yes or no';
        break;
      case 'single-choice':
        if (typeof a !== 'string' || !(q.options ?? []).includes(a))
          problems[q.id] = 'must be one of the options';
        break;
      case 'multiple-choice':
        if (!Array.isArray(a) || a.some((x) => !(q.options ?? []).includes(x)))
          problems[q.id] = 'must be some of the options';
        else if (new Set(a).size !== a.length) problems[q.id] = 'does not contain unique elements';
        break;
      default:
        break;
    }
  }
  return problems;
}

/**
 * Checks a patient's answers against the survey's questions (400 naming each problem) and stores them as a
 * completed response. The onboarding survey's call and the surveys' own call (../surveys/sessions.ts) both
 * store here, so the sessions list and the reports read their answers from one table alike.
 */
export async function storeSurveyResponse(
  db: Db,
  questions: SurveyQuestion[],
  answers: Record<string, Answer>,
  response: { patientId: string; urlSuffix: string; surveyId: string },
) {
  const problems = checkAnswers(questions, answers);
  if (Object.keys(problems).length > 0)
    throw validationError('Some answers need another look.', { fields: problems });
  return db
    .insertInto('onboarding_survey_responses')
    .values({
      id: randomUUID(),
      patient_id: response.patientId,
      url_suffix: response.urlSuffix,
      survey_id: response.surveyId,
      response_data: json(answers),
      completed_at: new Date(),
    })
    .returning(['id', 'url_suffix', 'completed_at'])
    .executeTakeFirstOrThrow();
}

export const handlers: Handlers = {
  submitOnboardingSurveyResponse: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    const urlSuffix = String(ctx.params.urlSuffix);
    const survey = await findOnboardingSurvey(ctx.db, urlSuffix, patient.organisation_id);
    if (!survey) throw notFound('There is no onboarding survey at this address.');
    const answers = (ctx.body as { responseData: Record<string, Answer> }).responseData;
    const row = await storeSurveyResponse(ctx.db, survey.questions, answers, {
      patientId: patient.id,
      urlSuffix,
      surveyId: survey.surveyId,
    });
    return respond(201, {
      responseId: row.id,
      urlSuffix: row.url_suffix,
      completedAt: new Date(row.completed_at).toISOString(),
    });
  },
};
