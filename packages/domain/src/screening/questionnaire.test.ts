import { describe, expect, it } from 'vitest';
import {
  canSubmit,
  questionnaireReducer,
  resultOf,
  startQuestionnaire,
  stepCount,
  type QuestionnaireAction,
  type QuestionnaireState,
} from './questionnaire.ts';

const run = (state: QuestionnaireState, actions: QuestionnaireAction[]) =>
  actions.reduce(questionnaireReducer, state);
const answerAll = (type: 'phq9' | 'gad7', scores: number[]) =>
  run(
    startQuestionnaire(type),
    scores.flatMap((score, index): QuestionnaireAction[] => [
      { type: 'answer', index, score },
      { type: 'next' },
    ]),
  );

describe('the PHQ-9 / GAD-7 questionnaire', () => {
  it('has one step per question plus the difficulty question', () => {
    expect(stepCount('phq9')).toBe(10);
    expect(stepCount('gad7')).toBe(8);
  });

  it('does not move on without an answer, and never submits with one missing', () => {
    let s = startQuestionnaire('gad7');
    s = questionnaireReducer(s, { type: 'next' });
    expect(s.step).toBe(0);
    s = run(s, [{ type: 'answer', index: 0, score: 2 }, { type: 'next' }]);
    expect(s.step).toBe(1);
    expect(canSubmit(s)).toBe(false);
    expect(resultOf(s)).toBeNull();
    s = run(s, [{ type: 'back' }, { type: 'back' }]);
    expect(s.step).toBe(0);
  });

  it('refuses answers out of range', () => {
    const s = startQuestionnaire('phq9');
    expect(questionnaireReducer(s, { type: 'answer', index: 0, score: 4 })).toBe(s);
    expect(questionnaireReducer(s, { type: 'answer', index: 9, score: 1 })).toBe(s);
    expect(questionnaireReducer(s, { type: 'answer', index: 0, score: 1.5 })).toBe(s);
  });

  it('scores every GAD-7 total 0-21 into its band', () => {
    for (let total = 0; total <= 21; total++) {
      const items = Array.from({ length: 7 }, (_, i) => Math.max(0, Math.min(3, total - i * 3)));
      const result = resultOf(answerAll('gad7', items))!;
      expect(result.total).toBe(total);
      expect(result.severity).toBe(
        total <= 4 ? 'minimal' : total <= 9 ? 'mild' : total <= 14 ? 'moderate' : 'severe',
      );
    }
  });

  it('scores every PHQ-9 total 0-27 into its band, and reaches the difficulty step', () => {
    for (let total = 0; total <= 27; total++) {
      const items = Array.from({ length: 9 }, (_, i) => Math.max(0, Math.min(3, total - i * 3)));
      const s = answerAll('phq9', items);
      expect(s.step).toBe(9);
      const result = resultOf(questionnaireReducer(s, { type: 'difficulty', score: 1 }))!;
      expect(result.total).toBe(total);
      expect(result.difficulty).toBe(1);
      expect(result.severity).toBe(
        total <= 4
          ? 'minimal'
          : total <= 9
            ? 'mild'
            : total <= 14
              ? 'moderate'
              : total <= 19
                ? 'moderately-severe'
                : 'severe',
      );
    }
  });

  it.each([0, 1, 2, 3])(
    'PHQ-9 item 9 answered %i starts the safety flow exactly when above 0, as soon as it is answered',
    (answer) => {
      let s = answerAll('phq9', [0, 0, 0, 0, 0, 0, 0, 0]);
      expect(s.safety).toBe(false);
      s = questionnaireReducer(s, { type: 'answer', index: 8, score: answer });
      expect(s.safety).toBe(answer > 0);
      // changing the answer back never takes the safety flow back
      s = questionnaireReducer(s, { type: 'answer', index: 8, score: 0 });
      expect(s.safety).toBe(answer > 0);
    },
  );

  it('never starts the safety flow from GAD-7, whatever the answers', () => {
    expect(answerAll('gad7', [3, 3, 3, 3, 3, 3, 3]).safety).toBe(false);
  });
});
