/**
 * Surveys as a person answers them: the answers, what is wrong with each (the same rules the server applies
 * in `apps/server/src/modules/onboarding/routes.ts` checkAnswers, so the person hears it before sending),
 * which questions may be skipped, and the response the contract takes (`OnboardingSurveyResponseInput`).
 * Pure: used by the patient's onboarding and the admin survey editor's live preview.
 */
import type { SurveyConfig, SurveyQuestion, SurveySession, SurveySessionList } from '@tend/api/model';

/** One answer, as the contract's responseData holds it. */
export type SurveyAnswer = string | number | boolean | string[];
/** Question id → answer; a question without an entry is unanswered. */
export type SurveyAnswers = Record<string, SurveyAnswer>;

/** What a survey renderer needs of a config (the editor's etag and urlSuffix do not matter to it). */
export type SurveyContent = Pick<SurveyConfig, 'title' | 'description' | 'questions'>;

/** The contract's limits on an answer (OnboardingSurveyResponseInput). */
export const TEXT_ANSWER_MAX = 5000;

/** Why an answer cannot be sent; each has its words under `surveys.problems`. */
export type AnswerProblem =
  'required' | 'notNumber' | 'notWhole' | 'belowMin' | 'aboveMax' | 'notOption' | 'notYesNo' | 'tooLong';

/** True when the question has no answer (nothing, blank text, no option chosen). */
export function isBlank(answer: SurveyAnswer | null | undefined): boolean {
  return (
    answer === undefined ||
    answer === null ||
    (typeof answer === 'string' && answer.trim() === '') ||
    (Array.isArray(answer) && answer.length === 0)
  );
}

/** What is wrong with one answer to one question, or null when it can be sent (a blank optional answer can). */
export function answerProblem(
  question: SurveyQuestion,
  answer: SurveyAnswer | null | undefined,
): AnswerProblem | null {
  if (isBlank(answer)) return question.required ? 'required' : null;
  const range = (n: number): AnswerProblem | null =>
    question.min !== undefined && n < question.min
      ? 'belowMin'
      : question.max !== undefined && n > question.max
        ? 'aboveMax'
        : null;
  switch (question.type) {
    case 'text':
      if (typeof answer !== 'string') return 'required';
      return answer.length > TEXT_ANSWER_MAX ? 'tooLong' : null;
    case 'number':
      if (typeof answer !== 'number' || !Number.isFinite(answer)) return 'notNumber';
      return range(answer);
    case 'scale':
      if (typeof answer !== 'number' || !Number.isFinite(answer)) return 'notNumber';
      if (!Number.isInteger(answer)) return 'notWhole';
      return range(answer);
    case 'boolean':
      return typeof answer === 'boolean' ? null : 'notYesNo';
    case 'single-choice':
      return typeof answer === 'string' && (question.options ?? []).includes(answer) ? null : 'notOption';
    case 'multiple-choice':
      return Array.isArray(answer) &&
        answer.every((a) => (question.options ?? []).includes(a)) &&
        new Set(answer).size === answer.length
        ? null
        : 'notOption';
    default:
      return null;
  }
}

/** Every question's problem (question id → problem); empty when the answers can be sent. */
export function surveyProblems(survey: SurveyContent, answers: SurveyAnswers): Record<string, AnswerProblem> {
  const problems: Record<string, AnswerProblem> = {};
  for (const q of survey.questions) {
    const p = answerProblem(q, answers[q.id]);
    if (p) problems[q.id] = p;
  }
  return problems;
}

/** A question may be left unanswered unless the config marks it required. */
export const canSkipQuestion = (question: SurveyQuestion): boolean => !question.required;

/** The whole survey may be skipped (sent with no answers) only when none of its questions is required. */
export const canSkipSurvey = (survey: SurveyContent): boolean => survey.questions.every(canSkipQuestion);

/** The required questions still unanswered. */
export function requiredLeft(survey: SurveyContent, answers: SurveyAnswers): SurveyQuestion[] {
  return survey.questions.filter((q) => q.required && isBlank(answers[q.id]));
}

/** Every answer given is valid and every required question is answered: the survey can be sent now. */
export const canFinish = (survey: SurveyContent, answers: SurveyAnswers): boolean =>
  Object.keys(surveyProblems(survey, answers)).length === 0;

/**
 * The rest of the survey (after `step`) can be skipped: the answers so far and those still ahead are fine to
 * send as they are (the questions ahead are optional or already answered).
 */
export const canSkipRest = (survey: SurveyContent, answers: SurveyAnswers, step: number): boolean =>
  step < survey.questions.length - 1 && canFinish(survey, answers);

/** The index of the first question whose answer needs another look, or -1. */
export function firstProblemStep(survey: SurveyContent, answers: SurveyAnswers): number {
  const problems = surveyProblems(survey, answers);
  return survey.questions.findIndex((q) => problems[q.id] !== undefined);
}

/** A step within the survey (a stored step of a survey that has since lost questions lands on its last). */
export const clampStep = (survey: SurveyContent, step: number): number =>
  Math.max(0, Math.min(Number.isInteger(step) ? step : 0, survey.questions.length - 1));

/**
 * The response to send: only this survey's questions, blanks left out, text trimmed, choices in the order
 * of the options (what the server stores as responseData).
 */
export function responseData(survey: SurveyContent, answers: SurveyAnswers): SurveyAnswers {
  const data: SurveyAnswers = {};
  for (const q of survey.questions) {
    const a = answers[q.id];
    if (a === undefined || isBlank(a)) continue;
    if (typeof a === 'string') data[q.id] = a.trim();
    else if (Array.isArray(a)) data[q.id] = (q.options ?? []).filter((o) => a.includes(o));
    else data[q.id] = a;
  }
  return data;
}

/** Answers kept on the device for a survey, without those to questions it no longer has. */
export function keptAnswers(survey: SurveyContent, answers: SurveyAnswers): SurveyAnswers {
  const ids = new Set(survey.questions.map((q) => q.id));
  return Object.fromEntries(Object.entries(answers).filter(([id]) => ids.has(id)));
}

/** A scale's choices (min…max), or null when it is too long to show as choices (then a number field). */
export function scaleChoices(question: SurveyQuestion, most = 11): number[] | null {
  const { min, max } = question;
  if (
    min === undefined ||
    max === undefined ||
    !Number.isInteger(min) ||
    !Number.isInteger(max) ||
    max < min ||
    max - min + 1 > most
  )
    return null;
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

/**
 * The onboarding survey the patient still has to answer: the first (in the server's order) of their
 * organisation's onboarding surveys with no completed response and with questions to render; null when none.
 */
export function pendingOnboarding(
  list: SurveySessionList | undefined,
): (SurveySession & { config: SurveyConfig }) | null {
  const found = list?.items.find(
    (s) =>
      s.type === 'onboarding' &&
      s.completedAt === null &&
      s.config !== undefined &&
      s.config.questions.length > 0,
  );
  return found?.config ? (found as SurveySession & { config: SurveyConfig }) : null;
}

/**
 * The surveys the patient's organisation offers them to answer whenever they like (wellbeing, feedback,
 * research: every type but the onboarding one), those with questions, not yet answered first, each keeping
 * the list's order.
 */
export function offeredSurveys(
  list: SurveySessionList | undefined,
): Array<SurveySession & { config: SurveyConfig }> {
  const offered = (list?.items ?? []).filter(
    (s): s is SurveySession & { config: SurveyConfig } =>
      s.type !== 'onboarding' && s.config !== undefined && s.config.questions.length > 0,
  );
  return [...offered.filter((s) => s.completedAt === null), ...offered.filter((s) => s.completedAt !== null)];
}
