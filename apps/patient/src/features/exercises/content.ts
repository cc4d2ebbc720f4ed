/** The exercises' content and scoring (pure): the anxiety quiz, the resilience questionnaire, the risk-factor check. */

/** "Understanding anxiety": each question's choices, the first index being 0; `correct` is the right one. */
export const ANXIETY_QUIZ = {
  id: 'understanding-anxiety',
  questions: [
    { id: 'q1', choices: 3, correct: 1 },
    { id: 'q2', choices: 3, correct: 0 },
    { id: 'q3', choices: 3, correct: 2 },
    { id: 'q4', choices: 3, correct: 1 },
    { id: 'q5', choices: 3, correct: 0 },
  ],
} as const;

export function scoreQuiz(answers: ReadonlyArray<number | null>): {
  score: number;
  maxScore: number;
  correct: boolean[];
} {
  const correct = ANXIETY_QUIZ.questions.map((q, i) => answers[i] === q.correct);
  return { score: correct.filter(Boolean).length, maxScore: ANXIETY_QUIZ.questions.length, correct };
}

/** The resilience questionnaire: 10 statements, each 0 (not true) … 4 (true nearly all the time). */
export const RESILIENCE_ITEMS = 10;
export const RESILIENCE_MAX = RESILIENCE_ITEMS * 4;

export function scoreResilience(answers: readonly number[]): {
  score: number;
  maxScore: number;
  band: 'low' | 'moderate' | 'high';
} {
  const score = answers.reduce((a, b) => a + b, 0);
  const band = score >= 30 ? 'high' : score >= 20 ? 'moderate' : 'low';
  return { score, maxScore: RESILIENCE_MAX, band };
}

/** The risk-factor self-check: factors a person may tick (the urgent ones make the level high). */
export const RISK_FACTORS = [
  'sleep',
  'isolation',
  'alcohol',
  'stress',
  'loss',
  'conflict',
  'money',
  'hopeless',
  'selfHarmThoughts',
] as const;
export type RiskFactor = (typeof RISK_FACTORS)[number];
const URGENT: readonly RiskFactor[] = ['hopeless', 'selfHarmThoughts'];

export function riskLevel(factors: readonly RiskFactor[]): 'low' | 'moderate' | 'high' {
  if (factors.some((f) => URGENT.includes(f)) || factors.length >= 5) return 'high';
  return factors.length >= 2 ? 'moderate' : 'low';
}

/** The positive readings (affirmations) offered. */
export const READINGS = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'] as const;
