import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/** Reports: the list (follow, rename, retry, download as ZIP), a new report, and the report scheduler. */
export const reportsRoutes: RouteObject[] = [
  {
    path: 'reports',
    handle: { title: tk('reports.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./ReportsPage.tsx')).ReportsPage }),
  },
  {
    path: 'reports/new',
    handle: { title: tk('reports.create.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./NewReportPage.tsx')).NewReportPage }),
  },
  {
    path: 'reports/schedule',
    handle: { title: tk('reports.schedule.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./SchedulePage.tsx')).SchedulePage }),
  },
];
