import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

const securityHandle: TendRouteHandle = { title: tk('titles.security') };

export const securityRoutes: RouteObject[] = [
  {
    path: 'security',
    handle: securityHandle,
    lazy: async () => ({ Component: (await import('./SecurityPage.tsx')).SecurityPage }),
  },
];
