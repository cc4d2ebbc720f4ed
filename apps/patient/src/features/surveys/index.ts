import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/** The wellbeing, feedback and research surveys the patient's organisation offers them, and answering one. */
export const surveysRoutes: RouteObject[] = [
  {
    path: 'surveys',
    handle: { title: tk('surveys.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./SurveysPage.tsx')).SurveysPage }),
  },
  {
    path: 'surveys/:surveyId',
    handle: { title: tk('surveys.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./AnswerSurveyPage.tsx')).AnswerSurveyPage }),
  },
];
