import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

import { ChatsOfferedGate } from './ChatsOffered.tsx';

export { ChatsBadge } from './ChatsBadge.tsx';
export { useFeatureOffered } from './ChatsOffered.tsx';

/**
 * The therapist's chats: requests and my chats (/chats), a conversation (/chats/:chatSessionId), my chat
 * history (/chats/history) and a patient's (/chats/history/:patientId, linked from the patient record).
 */
const chatPages: RouteObject[] = [
  {
    path: 'chats',
    handle: { title: tk('chats.titles.chats') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./ChatsPage.tsx')).ChatsPage }),
  },
  {
    path: 'chats/history',
    handle: { title: tk('chats.titles.history') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./ChatHistoryPage.tsx')).ChatHistoryPage }),
  },
  {
    path: 'chats/history/:patientId',
    handle: { title: tk('chats.titles.patientHistory') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./PatientChatHistoryPage.tsx')).PatientChatHistoryPage }),
  },
  {
    path: 'chats/:chatSessionId',
    handle: { title: tk('chats.titles.conversation') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./ConversationPage.tsx')).ConversationPage }),
  },
];

/** The chat pages, only where the therapist's organisation offers chat (else a page saying it does not). */
export const chatsRoutes: RouteObject[] = [{ element: createElement(ChatsOfferedGate), children: chatPages }];
