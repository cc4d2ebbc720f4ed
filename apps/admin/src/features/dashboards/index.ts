import type { RouteObject } from 'react-router';
import { lazyPage } from '@tend/auth';
import { tk } from '../../tk.ts';

const dashboards = () => import('./DashboardsPage.tsx');

/** The dashboards: each view of the organisation's figures, drawn as charts with their tables. */
export const dashboardsRoutes: RouteObject[] = [
  lazyPage('dashboards', tk('dashboards.title'), dashboards, 'DashboardsPage'),
  lazyPage('dashboards/:viewId', tk('dashboards.title'), dashboards, 'DashboardsPage'),
];
