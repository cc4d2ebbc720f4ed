import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/**
 * Message alerts through the v2 calls (the list, a new alert, one alert edited or deleted), and the same
 * pages through the v1 calls under `v1/` (the list can be narrowed to one app version).
 */
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
  {
    path: 'message-alerts/v1',
    handle: { title: tk('message-alerts.v1.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./MessageAlertsPage.tsx')).MessageAlertsV1Page }),
  },
  {
    path: 'message-alerts/v1/new',
    handle: { title: tk('message-alerts.v1.newTitle') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./NewMessageAlertPage.tsx')).NewMessageAlertV1Page }),
  },
  {
    path: 'message-alerts/v1/:alertId',
    handle: { title: tk('message-alerts.v1.editTitle') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./EditMessageAlertPage.tsx')).EditMessageAlertV1Page }),
  },
];
