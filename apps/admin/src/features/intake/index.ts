import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/** Intake: the organisation's patients waiting for a therapist, placing them, and the therapists' load. */
export const intakeRoutes: RouteObject[] = [
  {
    path: 'intake',
    handle: { title: tk('intake.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./IntakePage.tsx')).IntakePage }),
  },
];
