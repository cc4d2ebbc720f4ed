import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

export { ChatsBadge } from './ChatsBadge.tsx';

/**
 * The therapist's chats: requests and my chats (/chats), a conversation (/chats/:chatSessionId), my chat
 * history (/chats/history) and a patient's (/chats/history/:patientId, linked from the patient record).
 */
export const chatsRoutes: RouteObject[] = [
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
