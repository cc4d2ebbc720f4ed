import { portalPaths } from '@tend/portal';

/** Every path of the therapist app, in one place: so far those every portal has. */
export const paths = {
  ...portalPaths,
  // chats (features/chats)
  chats: '/chats',
  chat: (chatSessionId: string) => `/chats/${encodeURIComponent(chatSessionId)}`,
  chatHistory: '/chats/history',
  patientChatHistory: (patientId: string) => `/chats/history/${encodeURIComponent(patientId)}`,
  /** The patient's record (features/patients, another feature's page). */
  patientRecord: (patientId: string) => `/patients/${encodeURIComponent(patientId)}`,
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
