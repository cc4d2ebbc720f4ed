import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/** The safeguarding look-up of a patient's chats, with its reason, and the log of look-ups. */
export const safeguardingRoutes: RouteObject[] = [
  {
    path: 'safeguarding',
    handle: { title: tk('safeguarding.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./SafeguardingPage.tsx')).SafeguardingPage }),
  },
];
