import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { paths } from '../../paths.ts';
import { tk } from '../../tk.ts';

/** High-risk alerts of the therapist's patients: the open ones first, acknowledged with who and when. */
export const riskAlertRoutes: RouteObject[] = [
  {
    path: paths.alerts.replace(/^\//, ''),
    handle: { title: tk('titles.alerts') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./RiskAlertsPage.tsx')).RiskAlertsPage }),
  },
];

export { AlertsBadge } from './AlertsBadge.tsx';
