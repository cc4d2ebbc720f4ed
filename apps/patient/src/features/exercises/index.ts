import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

const page = (
  title: Parameters<typeof tk>[0],
  load: () => Promise<{ Component: React.ComponentType }>,
): Pick<RouteObject, 'handle' | 'lazy'> => ({
  handle: { title: tk(title) } satisfies TendRouteHandle,
  lazy: load,
});

/** Exercises: breathing, a quiz, resilience, risk factors, positive reading (each logs an activity and earns a reward). */
export const exercisesRoutes: RouteObject[] = [
  {
    path: 'exercises',
    ...page('exercises.title', async () => ({
      Component: (await import('./ExercisesPage.tsx')).ExercisesPage,
    })),
  },
  {
    path: 'exercises/breathing',
    ...page('exercises.breathing.title', async () => ({
      Component: (await import('./BreathingPage.tsx')).BreathingPage,
    })),
  },
  {
    path: 'exercises/quiz',
    ...page('exercises.quiz.title', async () => ({ Component: (await import('./QuizPage.tsx')).QuizPage })),
  },
  {
    path: 'exercises/resilience',
    ...page('exercises.resilience.title', async () => ({
      Component: (await import('./ResiliencePage.tsx')).ResiliencePage,
    })),
  },
  {
    path: 'exercises/risk-factors',
    ...page('exercises.risk.title', async () => ({
      Component: (await import('./RiskFactorsPage.tsx')).RiskFactorsPage,
    })),
  },
  {
    path: 'exercises/positive-reading',
    ...page('exercises.positive.title', async () => ({
      Component: (await import('./PositiveReadingPage.tsx')).PositiveReadingPage,
    })),
  },
];
