/**
 * The PHQ-9 / GAD-7 questionnaire as a screen walks through it: one question a step, then the optional
 * difficulty question; no step forward without an answer, no result without every answer; the PHQ-9 item-9
 * rule is checked on every answer, so the safety flow starts the moment item 9 is answered above 0. Pure.
 */
import {
  isAnswerScore,
  isComplete,
  needsSafetyFlow,
  score,
  SCREENINGS,
  type ScreeningResult,
  type ScreeningType,
} from './model.ts';

export interface QuestionnaireState {
  type: ScreeningType;
  /** The current step: 0 … items − 1 are the questions, `items` is the difficulty question. */
  step: number;
  answers: Array<number | null>;
  difficulty: number | null;
  /** The safety flow has started (PHQ-9 item 9 answered above 0 at some point): it is never taken back. */
  safety: boolean;
}

export type QuestionnaireAction =
  | { type: 'answer'; index: number; score: number }
  | { type: 'difficulty'; score: number | null }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'restart' };

export function startQuestionnaire(type: ScreeningType): QuestionnaireState {
  return {
    type,
    step: 0,
    answers: Array.from({ length: SCREENINGS[type].items }, () => null),
    difficulty: null,
    safety: false,
  };
}

/** Steps in all: the questions and the difficulty question. */
export const stepCount = (type: ScreeningType) => SCREENINGS[type].items + 1;

export function questionnaireReducer(
  state: QuestionnaireState,
  action: QuestionnaireAction,
): QuestionnaireState {
  const items = SCREENINGS[state.type].items;
  switch (action.type) {
    case 'answer': {
      if (action.index < 0 || action.index >= items || !isAnswerScore(action.score)) return state;
      const answers = state.answers.map((a, i) => (i === action.index ? action.score : a));
      return { ...state, answers, safety: state.safety || needsSafetyFlow(state.type, answers) };
    }
    case 'difficulty':
      return action.score === null || isAnswerScore(action.score)
        ? { ...state, difficulty: action.score }
        : state;
    case 'next':
      if (state.step < items && !isAnswerScore(state.answers[state.step])) return state;
      return { ...state, step: Math.min(items, state.step + 1) };
    case 'back':
      return { ...state, step: Math.max(0, state.step - 1) };
    case 'restart':
      return startQuestionnaire(state.type);
    default:
      return state;
  }
}

/** Every question answered: the result may be scored and submitted. */
export const canSubmit = (state: QuestionnaireState) => isComplete(state.type, state.answers);

/** The scored result of a complete questionnaire (null while an answer is missing). */
export function resultOf(state: QuestionnaireState): ScreeningResult | null {
  if (!canSubmit(state)) return null;
  return score(state.type, state.answers as number[], state.difficulty ?? undefined);
}
