import { portalPaths } from '@tend/portal';

/** Every path of the patient app, in one place: so far those every portal has. */
export const paths = {
  ...portalPaths,
  // chat (features/chat)
  chat: '/chat',
  chatHistory: '/chat/history',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
