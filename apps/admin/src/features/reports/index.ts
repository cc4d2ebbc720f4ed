import type { RouteObject } from 'react-router';
import { lazyPage } from '@tend/auth';
import { tk } from '../../tk.ts';

const schedule = () => import('./SchedulePage.tsx');

/** Reports: the list (follow, rename, retry, download as ZIP), a new report, and the report scheduler. */
export const reportsRoutes: RouteObject[] = [
  lazyPage('reports', tk('reports.title'), () => import('./ReportsPage.tsx'), 'ReportsPage'),
  lazyPage('reports/new', tk('reports.create.title'), () => import('./NewReportPage.tsx'), 'NewReportPage'),
  lazyPage('reports/schedule', tk('reports.schedule.title'), schedule, 'SchedulePage'),
];
