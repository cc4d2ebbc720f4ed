import { createElement, useCallback } from 'react';
import {
  IconAlertTriangle,
  IconCalendarEvent,
  IconCalendarTime,
  IconMessages,
  IconUserCircle,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { createPortal } from '@tend/portal';
import { AppointmentsBadge, appointmentRoutes } from '../features/appointments/index.ts';
import { caseloadRoutes } from '../features/caseload/index.ts';
import { chatsRoutes, ChatsBadge, useFeatureOffered as useChatOffered } from '../features/chats/index.ts';
import { homeRoutes } from '../features/home/index.ts';
import { intakeRoutes, useIntakeOffered } from '../features/intake/index.ts';
import { patientRecordRoutes } from '../features/patient-record/index.ts';
import { profileRoutes } from '../features/profile/index.ts';
import { AlertsBadge, riskAlertRoutes } from '../features/risk-alerts/index.ts';
import { paths } from '../paths.ts';
import { tk } from '../tk.ts';

const icon = (Icon: typeof IconUsers) => createElement(Icon, { size: 18, 'aria-hidden': true });

/** What the console offers this therapist: chat where their organisation offers it, Intake to lead therapists. */
function useFeatureOffered(): (feature: string) => boolean {
  const chat = useChatOffered();
  const intake = useIntakeOffered();
  return useCallback((feature: string) => (feature === 'intake' ? intake : chat(feature)), [chat, intake]);
}

/**
 * The app in the shape every signed-in portal shares (@tend/portal createPortal: sign-in, the shell, security,
 * the e-mail confirmation link, not found): the therapist console: a signed-in therapist (scope `therapist`, `lead-therapist` when held), with its own pages and words.
 */
export const portal = createPortal({
  app: 'therapist',
  routes: [
    ...homeRoutes,
    ...caseloadRoutes,
    ...intakeRoutes,
    ...patientRecordRoutes,
    ...riskAlertRoutes,
    ...appointmentRoutes,
    ...chatsRoutes,
    ...profileRoutes,
  ],
  navigation: [
    { to: paths.caseload, label: tk('nav.caseload'), icon: icon(IconUsers), end: false },
    // intake (features/intake): only for lead therapists (the page says so to anyone else)
    { to: paths.intake, label: tk('intake.nav'), icon: icon(IconUserPlus), feature: 'intake' },
    { to: paths.alerts, label: tk('nav.alerts'), icon: icon(IconAlertTriangle), badge: AlertsBadge },
    // chats (features/chats): waiting requests and unread messages are the entry's badge
    { to: paths.chats, label: tk('chats.nav'), icon: icon(IconMessages), badge: ChatsBadge, feature: 'chat' },
    // appointments (features/appointments): booked sessions by day and week; patients' changes not seen yet are the badge
    {
      to: paths.appointments,
      label: tk('appointments.nav'),
      icon: icon(IconCalendarEvent),
      badge: AppointmentsBadge,
    },
    { to: paths.availability, label: tk('nav.availability'), icon: icon(IconCalendarTime) },
    { to: paths.profile, label: tk('nav.profile'), icon: icon(IconUserCircle) },
  ],
  texts: { appName: tk('appName'), signInIntro: tk('signIn.intro'), securityIntro: tk('security.intro') },
  // What the therapist's organisation offers (its app settings): no Chats entry where chat is switched off;
  // Intake only for a lead therapist.
  useFeatureOffered,
  // The open-alert count and Intake's entry, asked with the first page's own calls.
  prefetch: async ({ queryClient, prefetches }) => (await prefetches()).prefetchTherapistShell(queryClient),
});
