// Finding the onboarding survey published at a URL suffix for a patient. Surveys (create, config with
// ETag, organisations) belong to the surveys module and its tables (`surveys`, `survey_organisations`);
// this module only reads them. A patient sees an onboarding survey offered to their organisation or one
// of its ancestors, as the survey sessions list does.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

export interface SurveyQuestion {
  id: string;
  type: 'text' | 'number' | 'single-choice' | 'multiple-choice' | 'scale' | 'boolean';
  text: string;
  required?: boolean;
  options?: string[];
  min?: number;
  max?: number;
}

export interface OnboardingSurvey {
  surveyId: string;
  questions: SurveyQuestion[];
}

/** The organisation and its ancestors. */
async function organisationChain(db: Db, organisationId: string): Promise<string[]> {
  const all = await db.selectFrom('organisations').select(['id', 'parent_id']).execute();
  const parent = new Map(all.map((o) => [o.id, o.parent_id]));
  const chain: string[] = [];
  for (let id: string | null | undefined = organisationId; id && !chain.includes(id); id = parent.get(id))
    chain.push(id);
  return chain;
}

/** The onboarding survey at `urlSuffix` offered to the organisation (or an ancestor), or null. */
export async function findOnboardingSurvey(
  db: Db,
  urlSuffix: string,
  organisationId: string,
): Promise<OnboardingSurvey | null> {
  const chain = await organisationChain(db, organisationId);
  const row = await db
    .selectFrom('surveys')
    .select(['id', 'config'])
    .where('type', '=', 'onboarding')
    .where(sql<string>`config->>'urlSuffix'`, '=', urlSuffix)
    .where(
      'id',
      'in',
      db.selectFrom('survey_organisations').select('survey_id').where('organisation_id', 'in', chain),
    )
    .executeTakeFirst();
  if (!row) return null;
  const questions = (row.config as { questions?: unknown }).questions;
  return { surveyId: row.id, questions: Array.isArray(questions) ? (questions as SurveyQuestion[]) : [] };
}
