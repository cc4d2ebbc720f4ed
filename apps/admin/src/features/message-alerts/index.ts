import type { RouteObject } from 'react-router';
import { lazyPage } from '@tend/auth';
import { tk } from '../../tk.ts';

const list = () => import('./MessageAlertsPage.tsx');
const create = () => import('./NewMessageAlertPage.tsx');
const edit = () => import('./EditMessageAlertPage.tsx');

/**
 * Message alerts through the v2 calls (the list, a new alert, one alert edited or deleted), and the same
 * pages through the v1 calls under `v1/` (the list can be narrowed to one app version).
 */
export const messageAlertsRoutes: RouteObject[] = [
  lazyPage('message-alerts', tk('message-alerts.title'), list, 'MessageAlertsPage'),
  lazyPage('message-alerts/new', tk('message-alerts.form.newTitle'), create, 'NewMessageAlertPage'),
  lazyPage('message-alerts/:alertId', tk('message-alerts.form.editTitle'), edit, 'EditMessageAlertPage'),
  lazyPage('message-alerts/v1', tk('message-alerts.v1.title'), list, 'MessageAlertsV1Page'),
  lazyPage('message-alerts/v1/new', tk('message-alerts.v1.newTitle'), create, 'NewMessageAlertV1Page'),
  lazyPage('message-alerts/v1/:alertId', tk('message-alerts.v1.editTitle'), edit, 'EditMessageAlertV1Page'),
];
