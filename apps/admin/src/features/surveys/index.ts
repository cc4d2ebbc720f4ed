import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/** Surveys: the list, a new survey, one survey (its questions with a live preview, who it goes to, deleting it). */
export const surveysRoutes: RouteObject[] = [
  {
    path: 'surveys',
    handle: { title: tk('surveys.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./SurveysPage.tsx')).SurveysPage }),
  },
  {
    path: 'surveys/new',
    handle: { title: tk('surveys.create.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./NewSurveyPage.tsx')).NewSurveyPage }),
  },
  {
    path: 'surveys/:surveyId',
    handle: { title: tk('surveys.edit.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./SurveyPage.tsx')).SurveyPage }),
  },
];
