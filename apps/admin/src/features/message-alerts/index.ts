import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/** Message alerts (the v2 calls): the list, a new alert, and one alert edited or deleted. */
export const messageAlertsRoutes: RouteObject[] = [
  {
    path: 'message-alerts',
    handle: { title: tk('message-alerts.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./MessageAlertsPage.tsx')).MessageAlertsPage }),
  },
  {
    path: 'message-alerts/new',
    handle: { title: tk('message-alerts.form.newTitle') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./NewMessageAlertPage.tsx')).NewMessageAlertPage }),
  },
  {
    path: 'message-alerts/:alertId',
    handle: { title: tk('message-alerts.form.editTitle') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./EditMessageAlertPage.tsx')).EditMessageAlertPage }),
  },
];
