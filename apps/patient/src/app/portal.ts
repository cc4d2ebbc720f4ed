import { createElement } from 'react';
import {
  IconBook2,
  IconCalendarEvent,
  IconBrain,
  IconChartLine,
  IconClipboardHeart,
  IconDatabaseExport,
  IconListCheck,
  IconListDetails,
  IconMessageCircle,
  IconShieldHeart,
  IconMoodSmile,
  IconStretching,
  IconTargetArrow,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { LANGUAGES } from '@tend/i18n';
import { createPortal, type PortalNavItem } from '@tend/portal';
import { accountPublicRoutes, accountRoutes } from '../features/account/index.ts';
import { appointmentsRoutes } from '../features/appointments/index.ts';
import { careTeamRoutes } from '../features/care-team/index.ts';
import { cbtRoutes } from '../features/cbt/index.ts';
import { ChatBadge, chatRoutes } from '../features/chat/index.ts';
import { checkupRoutes } from '../features/checkup/index.ts';
import { exercisesRoutes } from '../features/exercises/index.ts';
import { goalsRoutes } from '../features/goals/index.ts';
import { handoverRoutes } from '../features/handover/index.ts';
import { journalRoutes } from '../features/journal/index.ts';
import { myDataRoutes } from '../features/my-data/index.ts';
import { offeredOnly, useFeatureOffered } from '../features/offered/index.ts';
import { afterOnboarding, onboardingRoutes } from '../features/onboarding/index.ts';
import { progressRoutes } from '../features/progress/index.ts';
import { safetyPlanRoutes } from '../features/safety-plan/index.ts';
import { screeningRoutes } from '../features/screening/index.ts';
import { surveysRoutes } from '../features/surveys/index.ts';
import { timelineRoutes } from '../features/timeline/index.ts';
import { todayRoutes } from '../features/today/index.ts';
import { welfareContactRoutes } from '../features/welfare-contact/index.ts';
import { paths } from '../paths.ts';
import { tk } from '../tk.ts';
import { SignedInHeaderActions, SignedOutHeaderActions } from './HeaderActions.tsx';
import { SignInFooter } from './SignInFooter.tsx';

const icon = (Icon: typeof IconBook2) => createElement(Icon, { size: 18, 'aria-hidden': true });

/** The patient's own entries, between Home (Today) and Security. */
const patientNavigation: PortalNavItem[] = [
  // chat (features/chat): the unread count is the entry's badge
  { to: paths.chat, label: tk('chat.nav'), icon: icon(IconMessageCircle), badge: ChatBadge, feature: 'chat' },
  { to: paths.checkup, label: tk('nav.checkup'), icon: icon(IconMoodSmile) },
  { to: paths.journal, label: tk('nav.journal'), icon: icon(IconBook2), feature: 'journal' },
  { to: paths.cbt, label: tk('nav.cbt'), icon: icon(IconBrain), feature: 'cbt' },
  {
    to: paths.screening,
    label: tk('nav.screening'),
    icon: icon(IconClipboardHeart),
    feature: 'screening',
  },
  { to: paths.exercises, label: tk('nav.exercises'), icon: icon(IconStretching) },
  { to: paths.timeline, label: tk('nav.timeline'), icon: icon(IconListDetails) },
  { to: paths.progress, label: tk('nav.progress'), icon: icon(IconChartLine) },
  { to: paths.goals, label: tk('nav.goals'), icon: icon(IconTargetArrow) },
  { to: paths.surveys, label: tk('surveys.nav'), icon: icon(IconListCheck), end: false },
  { to: paths.safetyPlan, label: tk('nav.safetyPlan'), icon: icon(IconShieldHeart) },
  { to: paths.appointments, label: tk('appointments.nav'), icon: icon(IconCalendarEvent) },
  { to: paths.careTeam, label: tk('nav.careTeam'), icon: icon(IconUsers) },
  { to: paths.account, label: tk('nav.account'), icon: icon(IconUserCircle) },
  { to: paths.myData, label: tk('nav.myData'), icon: icon(IconDatabaseExport) },
];

/**
 * The app in the shape every signed-in portal shares (@tend/portal createPortal: sign-in, the shell, security,
 * the e-mail confirmation link, not found): the patient app: a signed-in patient (scope `patient`), with its own
 * pages (each a lazy route), its words, and "Get help now" in every header, signed in or not.
 */
export const portal = createPortal({
  app: 'patient',
  routes: [
    // A patient whose organisation's onboarding survey is still unanswered goes there first (features/onboarding)…
    afterOnboarding([
      ...todayRoutes,
      ...checkupRoutes,
      // Journal, CBT, screening and chat: only where the patient's organisation offers them (features/offered).
      offeredOnly('journal', journalRoutes),
      offeredOnly('cbt', cbtRoutes),
      offeredOnly('screening', screeningRoutes),
      ...exercisesRoutes,
      ...timelineRoutes,
      ...progressRoutes,
      offeredOnly('chat', chatRoutes),
      ...goalsRoutes,
      ...careTeamRoutes,
      ...appointmentsRoutes,
      ...surveysRoutes,
    ]),
    // …but their safety plan (reached from the crisis panel), their account and their data are never held back.
    ...safetyPlanRoutes,
    ...accountRoutes,
    ...myDataRoutes,
    ...welfareContactRoutes,
    ...onboardingRoutes,
  ],
  publicRoutes: [...accountPublicRoutes, ...handoverRoutes],
  navigation: patientNavigation,
  headerActions: SignedInHeaderActions,
  signedOutHeaderActions: SignedOutHeaderActions,
  signInFooter: SignInFooter,
  texts: { appName: tk('appName'), signInIntro: tk('signIn.intro'), securityIntro: tk('security.intro') },
  // The patient's whole experience is in English and Spanish (the therapist and admin apps are English only).
  languages: LANGUAGES.map((l) => l.code),
  // What the patient's organisation offers (its merged app settings) decides the entries shown.
  useFeatureOffered,
  prefetch: async ({ queryClient, prefetches }) => (await prefetches()).prefetchOffered(queryClient),
});
