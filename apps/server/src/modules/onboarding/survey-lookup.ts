// Finding the onboarding survey published at a URL suffix. Surveys themselves (create, config with
// ETag, organisations) belong to the surveys module, which owns their table; this module only reads it.
// The expected shape is the contract's: a table `surveys` with `id` (text), `type` (text, SurveyType)
// and `config` (jsonb, SurveyConfig: title, urlSuffix, questions). Until that table exists every suffix
// answers 404. The shape is checked once per database (information_schema), so a different layout is
// reported clearly instead of failing with a 500.
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

const layouts = new WeakMap<object, Promise<'ready' | 'absent'>>();

async function surveysLayout(db: Db): Promise<'ready' | 'absent'> {
  let known = layouts.get(db);
  if (!known) {
    known = (async () => {
      const { rows } = await sql<{ column_name: string }>`
        select column_name from information_schema.columns
        where table_name = 'surveys' and table_schema = current_schema()`.execute(db);
      const columns = new Set(rows.map((r) => r.column_name));
      return columns.has('id') && columns.has('type') && columns.has('config') ? 'ready' : 'absent';
    })();
    layouts.set(db, known);
    // A table created later (migration at start) is seen by the next lookup.
    void known.then((v) => v === 'absent' && layouts.delete(db));
  }
  return known;
}

/** The onboarding survey at `urlSuffix`, or null when none is published there. */
export async function findOnboardingSurvey(db: Db, urlSuffix: string): Promise<OnboardingSurvey | null> {
  if ((await surveysLayout(db)) === 'absent') return null;
  const { rows } = await sql<{ id: string; config: { questions?: SurveyQuestion[] } }>`
    select id, config from surveys
    where type = 'onboarding' and config->>'urlSuffix' = ${urlSuffix}
    order by id limit 1`.execute(db);
  const row = rows[0];
  if (!row) return null;
  return { surveyId: String(row.id), questions: Array.isArray(row.config?.questions) ? row.config.questions : [] };
}
