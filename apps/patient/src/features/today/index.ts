import type { RouteObject } from 'react-router';
import type { PortalRouteHandle } from '@tend/portal';
import { tk } from '../../tk.ts';

/** Today, the signed-in home (guarded: needs a signed-in patient). */
export const todayRoutes: RouteObject[] = [
  {
    index: true,
    handle: {
      title: tk('titles.home'),
      prefetch: async ({ queryClient, user, prefetches }) =>
        (await prefetches()).prefetchToday(queryClient, user.uid),
    } satisfies PortalRouteHandle,
    lazy: async () => ({ Component: (await import('./TodayPage.tsx')).TodayPage }),
  },
];
