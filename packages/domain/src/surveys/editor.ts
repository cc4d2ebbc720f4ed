/**
 * The admin survey editor's pure model: a SurveyConfig as form values (each question with every field a kind
 * may use, so switching kinds keeps what was typed), back to the config the contract takes, the checks the
 * server makes (so the admin hears them before saving: apps/server/src/modules/surveys/routes.ts checkConfig
 * and the contract's limits), new questions with ids unique in the survey, and moving a question.
 */
import type { SurveyConfig, SurveyQuestion, SurveyQuestionType, SurveyType } from '@tend/api/model';

export const SURVEY_TYPES: readonly SurveyType[] = ['onboarding', 'wellbeing', 'feedback', 'research'];
export const QUESTION_TYPES: readonly SurveyQuestionType[] = [
  'scale',
  'single-choice',
  'multiple-choice',
  'text',
  'number',
  'boolean',
];

/** The contract's limits (SurveyConfig, SurveyQuestion). */
export const SURVEY_LIMITS = {
  title: 200,
  description: 2000,
  questions: 100,
  text: 1000,
  options: 50,
  option: 200,
} as const;
export const URL_SUFFIX_PATTERN = /^[a-z0-9-]{1,64}$/;

export interface EditorQuestion {
  /** The answer's key in every response: made once, never edited (reports and drafts rely on it). */
  id: string;
  type: SurveyQuestionType;
  text: string;
  required: boolean;
  /** Choice questions' options (others keep them while the kind changes, and drop them when saved). */
  options: string[];
  /** Number and scale questions' bounds ('' = none). */
  min: number | '';
  max: number | '';
}

export interface EditorValues {
  [key: string]: unknown;
  title: string;
  description: string;
  urlSuffix: string;
  questions: EditorQuestion[];
}

/** Why a value cannot be saved; each has its words in the admin's `surveys.rules`. */
export type EditorRule =
  | 'titleRequired'
  | 'titleTooLong'
  | 'descriptionTooLong'
  | 'urlSuffixFormat'
  | 'noQuestions'
  | 'tooManyQuestions'
  | 'textRequired'
  | 'textTooLong'
  | 'twoOptions'
  | 'tooManyOptions'
  | 'optionTooLong'
  | 'optionsRepeat'
  | 'scaleBounds'
  | 'minAboveMax';

const isChoice = (type: SurveyQuestionType) => type === 'single-choice' || type === 'multiple-choice';
const hasRange = (type: SurveyQuestionType) => type === 'number' || type === 'scale';

export const emptyEditorValues = (): EditorValues => ({
  title: '',
  description: '',
  urlSuffix: '',
  questions: [],
});

/** The form's values of a stored config. */
export function toEditorValues(config: SurveyConfig): EditorValues {
  return {
    title: config.title,
    description: config.description ?? '',
    urlSuffix: config.urlSuffix,
    questions: config.questions.map((q) => ({
      id: q.id,
      type: q.type,
      text: q.text,
      required: q.required ?? false,
      options: q.options ?? [],
      min: q.min ?? '',
      max: q.max ?? '',
    })),
  };
}

/** The options as saved: trimmed, blanks left out. */
export const cleanOptions = (options: readonly string[]) =>
  options.map((o) => o.trim()).filter((o) => o !== '');

/** One question as the contract takes it (only the fields its kind uses). */
export function toSurveyQuestion(q: EditorQuestion): SurveyQuestion {
  const out: SurveyQuestion = { id: q.id, type: q.type, text: q.text.trim(), required: q.required };
  if (isChoice(q.type)) out.options = cleanOptions(q.options);
  if (hasRange(q.type)) {
    if (q.min !== '') out.min = q.min;
    if (q.max !== '') out.max = q.max;
  }
  return out;
}

/** The config sent (createSurvey's `config`, updateSurveyConfig's body). */
export function toSurveyConfig(values: EditorValues): SurveyConfig {
  const description = values.description.trim();
  return {
    title: values.title.trim(),
    ...(description ? { description } : {}),
    urlSuffix: values.urlSuffix.trim(),
    questions: values.questions.map(toSurveyQuestion),
  };
}

/** A new question of a kind, with an id no other question of the survey has (q1, q2, …). */
export function newQuestion(type: SurveyQuestionType, existing: readonly { id: string }[]): EditorQuestion {
  const taken = new Set(existing.map((q) => q.id));
  let n = existing.length + 1;
  while (taken.has(`q${n}`)) n += 1;
  return {
    id: `q${n}`,
    type,
    text: '',
    required: false,
    options: isChoice(type) ? ['', ''] : [],
    min: type === 'scale' ? 1 : '',
    max: type === 'scale' ? 5 : '',
  };
}

/** The list with the item at `from` moved to `to` (both clamped; the same list when nothing moves). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  if (from < 0 || from >= list.length) return copy;
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (target === from) return copy;
  const [item] = copy.splice(from, 1);
  copy.splice(target, 0, item as T);
  return copy;
}

/** An address made from a title: lower case, letters and digits, words joined by hyphens (at most 64). */
export function suggestUrlSuffix(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/g, '');
}

/**
 * What is wrong with the values, by form path (`title`, `questions.2.options`), or {} when they can be saved:
 * the contract's limits and the server's consistency checks.
 */
export function editorProblems(values: EditorValues): Record<string, EditorRule> {
  const out: Record<string, EditorRule> = {};
  const title = values.title.trim();
  if (!title) out.title = 'titleRequired';
  else if (title.length > SURVEY_LIMITS.title) out.title = 'titleTooLong';
  if (values.description.trim().length > SURVEY_LIMITS.description) out.description = 'descriptionTooLong';
  if (!URL_SUFFIX_PATTERN.test(values.urlSuffix.trim())) out.urlSuffix = 'urlSuffixFormat';
  if (values.questions.length === 0) out.questions = 'noQuestions';
  else if (values.questions.length > SURVEY_LIMITS.questions) out.questions = 'tooManyQuestions';
  values.questions.forEach((q, i) => {
    const at = `questions.${i}`;
    const text = q.text.trim();
    if (!text) out[`${at}.text`] = 'textRequired';
    else if (text.length > SURVEY_LIMITS.text) out[`${at}.text`] = 'textTooLong';
    if (isChoice(q.type)) {
      const options = cleanOptions(q.options);
      if (options.length < 2) out[`${at}.options`] = 'twoOptions';
      else if (options.length > SURVEY_LIMITS.options) out[`${at}.options`] = 'tooManyOptions';
      else if (options.some((o) => o.length > SURVEY_LIMITS.option)) out[`${at}.options`] = 'optionTooLong';
      else if (new Set(options).size !== options.length) out[`${at}.options`] = 'optionsRepeat';
    }
    if (hasRange(q.type)) {
      if (q.type === 'scale' && (q.min === '' || q.max === '')) out[`${at}.min`] = 'scaleBounds';
      else if (q.min !== '' && q.max !== '' && q.min > q.max) out[`${at}.max`] = 'minAboveMax';
    }
  });
  return out;
}

/** The server's field paths (`questions/2/options`, `config/questions/2/options`) as the form's. */
export function editorFieldPath(serverPath: string): string {
  return serverPath.replace(/^config[/.]/, '').replace(/\//g, '.');
}
