import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/** My safety plan (also reached from the crisis panel) and "Let someone know". */
export const safetyPlanRoutes: RouteObject[] = [
  {
    path: 'safety-plan',
    handle: { title: tk('safety-plan.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./SafetyPlanPage.tsx')).SafetyPlanPage }),
  },
];
