import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/** My care team: the therapists (and each one's profile), the access code, sharing data. */
export const careTeamRoutes: RouteObject[] = [
  {
    path: 'care-team',
    handle: { title: tk('care-team.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./CareTeamPage.tsx')).CareTeamPage }),
  },
  {
    path: 'care-team/:therapistId',
    handle: { title: tk('care-team.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./TherapistProfilePage.tsx')).TherapistProfilePage }),
  },
];
