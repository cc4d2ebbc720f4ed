import { portalPaths } from '@tend/portal';

/** Every path of the admin app, in one place: those every portal has, then the console's own. */
export const paths = {
  ...portalPaths,
  organisations: '/organisations',
  organisationNew: '/organisations/new',
  organisation: '/organisations/:organisationId',
  staff: '/organisations/:organisationId/staff',
  staffRemove: '/organisations/:organisationId/staff/:userId/remove',
  staffMove: '/organisations/:organisationId/staff/:userId/move',
  safeguarding: '/safeguarding',
  messageAlerts: '/message-alerts',
  messageAlertNew: '/message-alerts/new',
  messageAlert: '/message-alerts/:alertId',
  messageAlertsV1: '/message-alerts/v1',
  messageAlertNewV1: '/message-alerts/v1/new',
  messageAlertV1: '/message-alerts/v1/:alertId',
  intake: '/intake',
  dashboards: '/dashboards',
  dashboard: '/dashboards/:viewId',
  userData: '/user-data',
  reports: '/reports',
  reportNew: '/reports/new',
  reportSchedule: '/reports/schedule',
  surveys: '/surveys',
  surveyNew: '/surveys/new',
  survey: '/surveys/:surveyId',
} as const;

/** A path with its parameters filled in: `to(paths.organisation, { organisationId: 'org-1' })`. */
export function to(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export type AppPath = (typeof paths)[keyof typeof paths];
