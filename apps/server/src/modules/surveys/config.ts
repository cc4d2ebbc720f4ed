// A survey's config (tag `surveys`): its shape, the checks the schema cannot make, and its address
// (`urlSuffix`), unique among surveys.
import { sql } from 'kysely';
import { type Db } from '../../db/index.ts';
import { HttpError, badRequest } from '../../http/errors.ts';

export interface SurveyConfig {
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

export interface SurveyRow {
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
export function storedConfig(input: SurveyConfig & { etag?: string }): SurveyConfig {
  const { etag: _etag, ...config } = input;
  return config;
}
export const configView = (row: Pick<SurveyRow, 'config' | 'etag'>) => ({ ...row.config, etag: row.etag });

export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

export async function suffixTaken(db: Db, urlSuffix: string, exceptId: string | null): Promise<boolean> {
  const row = await db
    .selectFrom('surveys')
    .select('id')
    .where(sql<string>`config->>'urlSuffix'`, '=', urlSuffix)
    .$if(exceptId !== null, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

export const suffixInUse = () =>
  new HttpError(409, 'url_suffix_in_use', 'Another survey already uses this address.', {
    fields: { 'config/urlSuffix': 'is already used' },
  });
