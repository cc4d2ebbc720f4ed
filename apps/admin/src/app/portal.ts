import { createElement } from 'react';
import {
  IconBuildingCommunity,
  IconSpeakerphone,
  IconShieldHeart,
  IconChartBar,
  IconClipboardList,
  IconDatabaseExport,
  IconReportAnalytics,
  IconUserPlus,
} from '@tabler/icons-react';
import { createPortal, type PortalNavItem } from '@tend/portal';
import { homeRoutes } from '../features/home/index.ts';
import { intakeRoutes } from '../features/intake/index.ts';
import { messageAlertsRoutes } from '../features/message-alerts/index.ts';
import { organisationsRoutes } from '../features/organisations/index.ts';
import { staffRoutes } from '../features/staff/index.ts';
import { safeguardingRoutes } from '../features/safeguarding/index.ts';
import { dashboardsRoutes } from '../features/dashboards/index.ts';
import { userDataRoutes } from '../features/user-data/index.ts';
import { reportsRoutes } from '../features/reports/index.ts';
import { surveysRoutes } from '../features/surveys/index.ts';
import { paths } from '../paths.ts';
import { tk } from '../tk.ts';

const icon = (Icon: typeof IconBuildingCommunity) => createElement(Icon, { size: 18, 'aria-hidden': true });

/** The console's own entries, between Home and Security. */
const adminNavigation: PortalNavItem[] = [
  { to: paths.organisations, label: tk('organisations.nav'), icon: icon(IconBuildingCommunity), end: false },
  { to: paths.intake, label: tk('intake.nav'), icon: icon(IconUserPlus), scope: 'org-admin' },
  { to: paths.messageAlerts, label: tk('message-alerts.nav'), icon: icon(IconSpeakerphone), end: false },
  { to: paths.safeguarding, label: tk('safeguarding.nav'), icon: icon(IconShieldHeart) },
  { to: paths.surveys, label: tk('surveys.nav'), icon: icon(IconClipboardList), end: false },
  { to: paths.reports, label: tk('reports.nav'), icon: icon(IconReportAnalytics), end: false },
  { to: paths.dashboards, label: tk('dashboards.nav'), icon: icon(IconChartBar), end: false },
  { to: paths.userData, label: tk('user-data.nav'), icon: icon(IconDatabaseExport), scope: 'data-export' },
];

/**
 * The app in the shape every signed-in portal shares (@tend/portal createPortal: sign-in, the shell, security,
 * the e-mail confirmation link, not found): the administration console: an organisation administrator (scope
 * `org-admin`, `data-export` when held), with its own pages (each a lazy route) and words.
 */
export const portal = createPortal({
  app: 'admin',
  routes: [
    ...homeRoutes,
    ...organisationsRoutes,
    ...staffRoutes,
    ...intakeRoutes,
    ...messageAlertsRoutes,
    ...safeguardingRoutes,
    ...surveysRoutes,
    ...reportsRoutes,
    ...dashboardsRoutes,
    ...userDataRoutes,
  ],
  navigation: adminNavigation,
  texts: { appName: tk('appName'), signInIntro: tk('signIn.intro'), securityIntro: tk('security.intro') },
});
