import { describe, expect, it } from 'vitest';
import { ANXIETY_QUIZ, riskLevel, scoreQuiz, scoreResilience } from './content.ts';

describe('exercise scoring', () => {
  it('scores the quiz by its right answers', () => {
    expect(scoreQuiz(ANXIETY_QUIZ.questions.map((q) => q.correct))).toMatchObject({ score: 5, maxScore: 5 });
    expect(scoreQuiz([null, null, null, null, null]).score).toBe(0);
    expect(scoreQuiz([1, 1, 1, 1, 1]).correct).toEqual([true, false, false, true, false]);
  });
  it('bands resilience: under 20 low, 20-29 moderate, 30 and over high', () => {
    expect(scoreResilience(Array(10).fill(1))).toEqual({ score: 10, maxScore: 40, band: 'low' });
    expect(scoreResilience([...Array(9).fill(2), 1]).band).toBe('low');
    expect(scoreResilience(Array(10).fill(2)).band).toBe('moderate');
    expect(scoreResilience(Array(10).fill(3)).band).toBe('high');
  });
  it('rates risk factors, high at once for hopelessness or thoughts of self-harm', () => {
    expect(riskLevel([])).toBe('low');
    expect(riskLevel(['sleep'])).toBe('low');
    expect(riskLevel(['sleep', 'stress'])).toBe('moderate');
    expect(riskLevel(['selfHarmThoughts'])).toBe('high');
    expect(riskLevel(['sleep', 'stress', 'money', 'loss', 'conflict'])).toBe('high');
  });
});
