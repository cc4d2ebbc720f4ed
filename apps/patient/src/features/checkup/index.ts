import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/** The daily check-up (one a day: today's is edited, never duplicated). */
export const checkupRoutes: RouteObject[] = [
  {
    path: 'checkup',
    handle: { title: tk('checkup.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./CheckupPage.tsx')).CheckupPage }),
  },
];
