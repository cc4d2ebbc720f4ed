import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/** Today, the signed-in home (guarded: needs a signed-in patient). */
export const todayRoutes: RouteObject[] = [
  {
    index: true,
    handle: { title: tk('titles.home') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./TodayPage.tsx')).TodayPage }),
  },
];
