import { portalPaths } from '@tend/portal';

/** Every path of the therapist app, in one place. */
export const paths = {
  ...portalPaths,
  // caseload, patient record, risk alerts, profile and availability.
  caseload: '/caseload',
  patient: '/patients/:patientId',
  patientMeasures: '/patients/:patientId/measures',
  patientNotes: '/patients/:patientId/notes',
  patientRisk: '/patients/:patientId/risk',
  patientSafetyPlan: '/patients/:patientId/safety-plan',
  alerts: '/alerts',
  profile: '/profile',
  availability: '/availability',
  // appointments (features/appointments)
  appointments: '/appointments',
  // intake (features/intake): lead therapists only
  intake: '/intake',
  // chats (features/chats)
  chats: '/chats',
  chat: (chatSessionId: string) => `/chats/${encodeURIComponent(chatSessionId)}`,
  chatHistory: '/chats/history',
  patientChatHistory: (patientId: string) => `/chats/history/${encodeURIComponent(patientId)}`,
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** A path with its `:patientId` filled in. */
export const patientPath = (
  path:
    | typeof paths.patient
    | typeof paths.patientMeasures
    | typeof paths.patientNotes
    | typeof paths.patientRisk
    | typeof paths.patientSafetyPlan,
  patientId: string,
) => path.replace(':patientId', encodeURIComponent(patientId));
