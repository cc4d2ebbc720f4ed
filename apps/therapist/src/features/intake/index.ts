import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

export { useIntakeOffered } from './useIntakeOffered.ts';

/** Intake for lead therapists: their organisation's patients waiting for a therapist, and placing them. */
export const intakeRoutes: RouteObject[] = [
  {
    path: 'intake',
    handle: { title: tk('intake.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./IntakePage.tsx')).IntakePage }),
  },
];
