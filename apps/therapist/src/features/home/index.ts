import type { RouteObject } from 'react-router';
import type { PortalRouteHandle } from '@tend/portal';
import { tk } from '../../tk.ts';
import { SHOWN_ALERTS } from './model.ts';

const homeHandle: PortalRouteHandle = {
  title: tk('titles.home'),
  prefetch: async ({ queryClient, prefetches }) =>
    (await prefetches()).prefetchTherapistHome(queryClient, SHOWN_ALERTS),
};

/** The home page (guarded: needs a signed-in therapist). */
export const homeRoutes: RouteObject[] = [
  {
    index: true,
    handle: homeHandle,
    lazy: async () => ({ Component: (await import('./HomePage.tsx')).HomePage }),
  },
];
