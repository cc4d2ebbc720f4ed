import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { paths } from '../../paths.ts';
import { tk } from '../../tk.ts';

/** The therapist's own profile (name, biography, timezone) and weekly availability. */
export const profileRoutes: RouteObject[] = [
  {
    path: paths.profile.replace(/^\//, ''),
    handle: { title: tk('titles.profile') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./ProfilePage.tsx')).ProfilePage }),
  },
  {
    path: paths.availability.replace(/^\//, ''),
    handle: { title: tk('titles.availability') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./AvailabilityPage.tsx')).AvailabilityPage }),
  },
];
