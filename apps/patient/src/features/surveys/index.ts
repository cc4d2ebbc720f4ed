import type { RouteObject } from 'react-router';
import { tk } from '../../tk.ts';
import { lazyPage } from '@tend/auth';

const surveysPage = () => import('./SurveysPage.tsx');
const answerSurveyPage = () => import('./AnswerSurveyPage.tsx');

/** The wellbeing, feedback and research surveys the patient's organisation offers them, and answering one. */
export const surveysRoutes: RouteObject[] = [
  lazyPage('surveys', tk('surveys.title'), surveysPage, 'SurveysPage'),
  lazyPage('surveys/:surveyId', tk('surveys.title'), answerSurveyPage, 'AnswerSurveyPage'),
];
