import type { RouteObject } from 'react-router';
import { prefetchTherapistHome } from '@tend/domain/prefetch';
import type { PortalRouteHandle } from '@tend/portal';
import { tk } from '../../tk.ts';
import { SHOWN_ALERTS } from './model.ts';

const homeHandle: PortalRouteHandle = {
  title: tk('titles.home'),
  prefetch: ({ queryClient }) => prefetchTherapistHome(queryClient, SHOWN_ALERTS),
};

/** The home page (guarded: needs a signed-in therapist). */
export const homeRoutes: RouteObject[] = [
  {
    index: true,
    handle: homeHandle,
    lazy: async () => ({ Component: (await import('./HomePage.tsx')).HomePage }),
  },
];
