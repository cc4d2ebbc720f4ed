import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/** The dashboards: each view of the organisation's figures, drawn as charts with their tables. */
export const dashboardsRoutes: RouteObject[] = [
  {
    path: 'dashboards',
    handle: { title: tk('dashboards.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./DashboardsPage.tsx')).DashboardsPage }),
  },
  {
    path: 'dashboards/:viewId',
    handle: { title: tk('dashboards.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./DashboardsPage.tsx')).DashboardsPage }),
  },
];
