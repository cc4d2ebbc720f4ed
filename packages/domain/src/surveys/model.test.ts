import { describe, expect, it } from 'vitest';
import type { SurveyQuestion, SurveySessionList } from '@tend/api/model';
import {
  answerProblem,
  canFinish,
  canSkipQuestion,
  canSkipRest,
  canSkipSurvey,
  clampStep,
  firstProblemStep,
  isBlank,
  keptAnswers,
  pendingOnboarding,
  requiredLeft,
  responseData,
  scaleChoices,
  surveyProblems,
  TEXT_ANSWER_MAX,
  type SurveyContent,
} from './model.ts';

/** Every question type once, one required (as the demo onboarding survey). */
const survey: SurveyContent = {
  title: 'Welcome',
  questions: [
    { id: 'feeling', type: 'scale', text: 'How are you?', required: true, min: 0, max: 10 },
    { id: 'hopes', type: 'text', text: 'What would help?' },
    { id: 'focus', type: 'multiple-choice', text: 'Work on?', options: ['Sleep', 'Stress', 'Low mood'] },
    { id: 'sleep', type: 'number', text: 'Hours of sleep?', min: 0, max: 24 },
    { id: 'before', type: 'boolean', text: 'Therapy before?', required: false },
    { id: 'heard', type: 'single-choice', text: 'Heard from?', options: ['GP', 'Online'] },
  ],
};
const q = (id: string) => survey.questions.find((x) => x.id === id)!;

describe('answers', () => {
  it('counts nothing, blank text and no choices as unanswered, and anything else as an answer', () => {
    for (const blank of [undefined, null, '', '   ', []]) expect(isBlank(blank as never)).toBe(true);
    for (const given of ['x', 0, false, ['Sleep']]) expect(isBlank(given)).toBe(false);
  });

  it('asks for required answers only', () => {
    expect(answerProblem(q('feeling'), undefined)).toBe('required');
    expect(answerProblem(q('feeling'), '  ' as never)).toBe('required');
    for (const id of ['hopes', 'focus', 'sleep', 'before', 'heard'])
      expect(answerProblem(q(id), undefined)).toBeNull();
  });

  it('checks a scale: whole numbers within min and max', () => {
    expect(answerProblem(q('feeling'), 0)).toBeNull();
    expect(answerProblem(q('feeling'), 10)).toBeNull();
    expect(answerProblem(q('feeling'), -1)).toBe('belowMin');
    expect(answerProblem(q('feeling'), 11)).toBe('aboveMax');
    expect(answerProblem(q('feeling'), 2.5)).toBe('notWhole');
    expect(answerProblem(q('feeling'), 'five')).toBe('notNumber');
    expect(answerProblem(q('feeling'), Number.NaN)).toBe('notNumber');
  });

  it('checks a number within its range (decimals allowed)', () => {
    expect(answerProblem(q('sleep'), 7.5)).toBeNull();
    expect(answerProblem(q('sleep'), 25)).toBe('aboveMax');
    expect(answerProblem(q('sleep'), -2)).toBe('belowMin');
    expect(answerProblem({ id: 'n', type: 'number', text: 'Any' }, 1e9)).toBeNull();
  });

  it('checks choices against the options, without repeats', () => {
    expect(answerProblem(q('heard'), 'GP')).toBeNull();
    expect(answerProblem(q('heard'), 'Radio')).toBe('notOption');
    expect(answerProblem(q('focus'), ['Sleep', 'Stress'])).toBeNull();
    expect(answerProblem(q('focus'), ['Sleep', 'Sleep'])).toBe('notOption');
    expect(answerProblem(q('focus'), ['Cooking'])).toBe('notOption');
    expect(answerProblem(q('focus'), 'Sleep')).toBe('notOption');
  });

  it('checks yes/no and text length', () => {
    expect(answerProblem(q('before'), false)).toBeNull();
    expect(answerProblem(q('before'), 'no')).toBe('notYesNo');
    expect(answerProblem(q('hopes'), 'a'.repeat(TEXT_ANSWER_MAX))).toBeNull();
    expect(answerProblem(q('hopes'), 'a'.repeat(TEXT_ANSWER_MAX + 1))).toBe('tooLong');
  });

  it('gathers every question’s problem', () => {
    expect(surveyProblems(survey, {})).toEqual({ feeling: 'required' });
    expect(surveyProblems(survey, { feeling: 4, sleep: 30, heard: 'x' })).toEqual({
      sleep: 'aboveMax',
      heard: 'notOption',
    });
    expect(surveyProblems(survey, { feeling: 4 })).toEqual({});
  });
});

describe('skip rules', () => {
  it('lets a question be skipped unless it is required', () => {
    expect(canSkipQuestion(q('feeling'))).toBe(false);
    expect(canSkipQuestion(q('hopes'))).toBe(true);
  });

  it('lets the whole survey be skipped only when no question is required', () => {
    expect(canSkipSurvey(survey)).toBe(false);
    expect(canSkipSurvey({ ...survey, questions: survey.questions.filter((x) => !x.required) })).toBe(true);
  });

  it('knows which required questions are left', () => {
    expect(requiredLeft(survey, {}).map((x) => x.id)).toEqual(['feeling']);
    expect(requiredLeft(survey, { feeling: 3 })).toEqual([]);
  });

  it('finishes once every required question is answered and every answer is valid', () => {
    expect(canFinish(survey, {})).toBe(false);
    expect(canFinish(survey, { feeling: 3 })).toBe(true);
    expect(canFinish(survey, { feeling: 3, sleep: -1 })).toBe(false);
  });

  it('lets the rest be skipped before the last question when what is left is optional', () => {
    expect(canSkipRest(survey, {}, 0)).toBe(false);
    expect(canSkipRest(survey, { feeling: 3 }, 0)).toBe(true);
    expect(canSkipRest(survey, { feeling: 3 }, survey.questions.length - 1)).toBe(false);
    const requiredLast: SurveyContent = {
      title: 't',
      questions: [q('hopes'), { ...q('heard'), required: true }],
    };
    expect(canSkipRest(requiredLast, { hopes: 'x' }, 0)).toBe(false);
  });

  it('points at the first question that needs another look', () => {
    expect(firstProblemStep(survey, {})).toBe(0);
    expect(firstProblemStep(survey, { feeling: 2, sleep: 99 })).toBe(3);
    expect(firstProblemStep(survey, { feeling: 2 })).toBe(-1);
  });

  it('keeps a stored step within the survey', () => {
    expect(clampStep(survey, 3)).toBe(3);
    expect(clampStep(survey, 40)).toBe(5);
    expect(clampStep(survey, -1)).toBe(0);
    expect(clampStep(survey, Number.NaN)).toBe(0);
  });
});

describe('the response sent', () => {
  it('leaves out blanks and other surveys’ answers, trims text and orders choices as the options', () => {
    expect(
      responseData(survey, {
        feeling: 0,
        hopes: '  sleep better  ',
        focus: ['Low mood', 'Sleep'],
        sleep: undefined as never,
        before: false,
        heard: '',
        other: 'x',
      }),
    ).toEqual({
      feeling: 0,
      hopes: 'sleep better',
      focus: ['Sleep', 'Low mood'],
      before: false,
    });
    expect(responseData(survey, {})).toEqual({});
  });

  it('keeps on the device only the answers to questions the survey still has', () => {
    expect(keptAnswers(survey, { feeling: 2, gone: 'x' })).toEqual({ feeling: 2 });
  });
});

describe('scale choices', () => {
  it('lists a short scale and leaves a long or open one to a number field', () => {
    expect(scaleChoices(q('feeling'))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(scaleChoices({ id: 's', type: 'scale', text: 's', min: 1, max: 5 })).toEqual([1, 2, 3, 4, 5]);
    expect(scaleChoices({ id: 's', type: 'scale', text: 's', min: 0, max: 100 })).toBeNull();
    expect(scaleChoices({ id: 's', type: 'scale', text: 's', min: 0 } as SurveyQuestion)).toBeNull();
    expect(scaleChoices({ id: 's', type: 'scale', text: 's', min: 0.5, max: 3 })).toBeNull();
  });
});

describe('the pending onboarding survey', () => {
  const session = (over: Partial<SurveySessionList['items'][number]>) => ({
    surveyId: 's',
    title: 'Welcome',
    urlSuffix: 'welcome',
    type: 'onboarding' as const,
    completedAt: null,
    config: { title: 'Welcome', urlSuffix: 'welcome', questions: survey.questions },
    ...over,
  });

  it('is the first onboarding survey without a completed response', () => {
    const list = {
      items: [
        session({ surveyId: 'w', type: 'wellbeing' }),
        session({ surveyId: 'a', completedAt: '2026-01-01T00:00:00Z' }),
        session({ surveyId: 'b' }),
        session({ surveyId: 'c' }),
      ],
    };
    expect(pendingOnboarding(list)?.surveyId).toBe('b');
  });

  it('is none when every onboarding survey is done, when there is none, or none can be drawn', () => {
    expect(pendingOnboarding(undefined)).toBeNull();
    expect(pendingOnboarding({ items: [] })).toBeNull();
    expect(pendingOnboarding({ items: [session({ completedAt: '2026-01-01T00:00:00Z' })] })).toBeNull();
    expect(pendingOnboarding({ items: [session({ config: undefined })] })).toBeNull();
    expect(pendingOnboarding({ items: [session({ type: 'feedback' })] })).toBeNull();
  });
});
