import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/** PHQ-9 and GAD-7: the overview, and each questionnaire one question a step. */
export const screeningRoutes: RouteObject[] = [
  {
    path: 'screening',
    handle: { title: tk('screening.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./ScreeningPage.tsx')).ScreeningPage }),
  },
  {
    path: 'screening/:type',
    handle: { title: tk('screening.questionnaire') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./QuestionnairePage.tsx')).QuestionnairePage }),
  },
];
