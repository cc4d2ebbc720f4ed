import type { RouteObject } from 'react-router';
import { tk } from '../../tk.ts';
import { lazyPage } from '@tend/auth';

const exercisesPage = () => import('./ExercisesPage.tsx');
const breathingPage = () => import('./BreathingPage.tsx');
const quizPage = () => import('./QuizPage.tsx');
const resiliencePage = () => import('./ResiliencePage.tsx');
const riskFactorsPage = () => import('./RiskFactorsPage.tsx');
const positiveReadingPage = () => import('./PositiveReadingPage.tsx');

/** Exercises: breathing, a quiz, resilience, risk factors, positive reading (each logs an activity and earns a reward). */
export const exercisesRoutes: RouteObject[] = [
  lazyPage('exercises', tk('exercises.title'), exercisesPage, 'ExercisesPage'),
  lazyPage('exercises/breathing', tk('exercises.breathing.title'), breathingPage, 'BreathingPage'),
  lazyPage('exercises/quiz', tk('exercises.quiz.title'), quizPage, 'QuizPage'),
  lazyPage('exercises/resilience', tk('exercises.resilience.title'), resiliencePage, 'ResiliencePage'),
  lazyPage('exercises/risk-factors', tk('exercises.risk.title'), riskFactorsPage, 'RiskFactorsPage'),
  lazyPage(
    'exercises/positive-reading',
    tk('exercises.positive.title'),
    positiveReadingPage,
    'PositiveReadingPage',
  ),
];
