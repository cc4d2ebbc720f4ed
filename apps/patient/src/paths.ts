import { portalPaths } from '@tend/portal';

/** Every path of the patient app, in one place: those every portal has, then the patient's own. */
export const paths = {
  ...portalPaths,
  today: portalPaths.home,
  checkup: '/checkup',
  journal: '/journal',
  journalNew: '/journal/new',
  journalEntry: '/journal/:momentId',
  cbt: '/cbt',
  cbtTool: '/cbt/:tool',
  screening: '/screening',
  screeningQuestionnaire: '/screening/:type',
  exercises: '/exercises',
  breathing: '/exercises/breathing',
  quiz: '/exercises/quiz',
  resilience: '/exercises/resilience',
  riskFactors: '/exercises/risk-factors',
  positiveReading: '/exercises/positive-reading',
  timeline: '/timeline',
  progress: '/progress',
  // chat (features/chat)
  chat: '/chat',
  chatHistory: '/chat/history',
  careTeam: '/care-team',
  // appointments (features/appointments): booking, moving and cancelling sessions with a therapist
  appointments: '/appointments',
  // welfare contact (features/welfare-contact): who the care team may e-mail about the patient's welfare
  welfareContact: '/welfare-contact',
  goals: '/goals',
  safetyPlan: '/safety-plan',
  therapistProfile: '/care-team/:therapistId',
  account: '/account',
  accountDeleted: '/account/deleted',
  myData: '/my-data',
  // surveys (features/surveys): the wellbeing, feedback and research surveys offered
  surveys: '/surveys',
  survey: '/surveys/:surveyId',
  // onboarding (features/onboarding): the organisation's welcome survey, then the tour
  welcome: '/welcome',
  welcomeTour: '/welcome/tour',
  /** The first-run welcome every new patient sees once. */
  welcomeStart: '/welcome/start',
  /** The sign-up's way in from the public site (features/handover): `#handover=<single-use token>`. */
  handover: '/authentication/welcome',
} as const;

/** A path with its parameters filled in: `to(paths.cbtTool, { tool: 'hot-thought' })`. */
export function to(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export type AppPath = (typeof paths)[keyof typeof paths];
