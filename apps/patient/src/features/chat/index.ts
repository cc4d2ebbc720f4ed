import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { paths } from '../../paths.ts';
import { tk } from '../../tk.ts';

export { ChatBadge } from './ChatBadge.tsx';

const path = (p: string) => p.replace(/^\//, '');

/** The patient's chat: request, the state of the request, the conversation (/chat) and past conversations. */
export const chatRoutes: RouteObject[] = [
  {
    path: path(paths.chat),
    handle: { title: tk('chat.titles.chat') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./ChatPage.tsx')).ChatPage }),
  },
  {
    path: path(paths.chatHistory),
    handle: { title: tk('chat.titles.history') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./ChatHistoryPage.tsx')).ChatHistoryPage }),
  },
];
