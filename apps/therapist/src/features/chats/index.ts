import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage } from '@tend/auth';
import { tk } from '../../tk.ts';

import { ChatsOfferedGate } from './ChatsOffered.tsx';

export { ChatsBadge } from './ChatsBadge.tsx';
export { useFeatureOffered } from './ChatsOffered.tsx';

const chats = () => import('./ChatsPage.tsx');
const history = () => import('./ChatHistoryPage.tsx');
const patientHistory = () => import('./PatientChatHistoryPage.tsx');
const conversation = () => import('./ConversationPage.tsx');

/**
 * The therapist's chats: requests and my chats (/chats), a conversation (/chats/:chatSessionId), my chat
 * history (/chats/history) and a patient's (/chats/history/:patientId, linked from the patient record).
 */
const chatPages: RouteObject[] = [
  lazyPage('chats', tk('chats.titles.chats'), chats, 'ChatsPage'),
  lazyPage('chats/history', tk('chats.titles.history'), history, 'ChatHistoryPage'),
  lazyPage(
    'chats/history/:patientId',
    tk('chats.titles.patientHistory'),
    patientHistory,
    'PatientChatHistoryPage',
  ),
  lazyPage('chats/:chatSessionId', tk('chats.titles.conversation'), conversation, 'ConversationPage'),
];

/** The chat pages, only where the therapist's organisation offers chat (else a page saying it does not). */
export const chatsRoutes: RouteObject[] = [{ element: createElement(ChatsOfferedGate), children: chatPages }];
