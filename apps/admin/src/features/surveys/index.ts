import type { RouteObject } from 'react-router';
import { lazyPage } from '@tend/auth';
import { tk } from '../../tk.ts';

/** Surveys: the list, a new survey, one survey (its questions with a live preview, who it goes to, deleting it). */
export const surveysRoutes: RouteObject[] = [
  lazyPage('surveys', tk('surveys.title'), () => import('./SurveysPage.tsx'), 'SurveysPage'),
  lazyPage('surveys/new', tk('surveys.create.title'), () => import('./NewSurveyPage.tsx'), 'NewSurveyPage'),
  lazyPage('surveys/:surveyId', tk('surveys.edit.title'), () => import('./SurveyPage.tsx'), 'SurveyPage'),
];
