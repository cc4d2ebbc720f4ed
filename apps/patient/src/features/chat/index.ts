import type { RouteObject } from 'react-router';
import { paths } from '../../paths.ts';
import { tk } from '../../tk.ts';
import { lazyPage } from '@tend/auth';

export { ChatBadge } from './ChatBadge.tsx';

const path = (p: string) => p.replace(/^\//, '');

const chatPage = () => import('./ChatPage.tsx');
const chatHistoryPage = () => import('./ChatHistoryPage.tsx');

/** The patient's chat: request, the state of the request, the conversation (/chat) and past conversations. */
export const chatRoutes: RouteObject[] = [
  lazyPage(path(paths.chat), tk('chat.titles.chat'), chatPage, 'ChatPage'),
  lazyPage(path(paths.chatHistory), tk('chat.titles.history'), chatHistoryPage, 'ChatHistoryPage'),
];
