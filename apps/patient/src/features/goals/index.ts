import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/** My goals and preferences (the patient's metadata documents, ETag-versioned). */
export const goalsRoutes: RouteObject[] = [
  {
    path: 'goals',
    handle: { title: tk('goals.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./GoalsPage.tsx')).GoalsPage }),
  },
];
