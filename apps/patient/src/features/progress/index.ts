import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/** Progress: PHQ-9, GAD-7 and mood over a chosen period. */
export const progressRoutes: RouteObject[] = [
  {
    path: 'progress',
    handle: { title: tk('progress.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./ProgressPage.tsx')).ProgressPage }),
  },
];
