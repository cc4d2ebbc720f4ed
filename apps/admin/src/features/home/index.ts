import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

const homeHandle: TendRouteHandle = { title: tk('titles.home') };

/** The home page (guarded: needs a signed-in admin). */
export const homeRoutes: RouteObject[] = [
  {
    index: true,
    handle: homeHandle,
    lazy: async () => ({ Component: (await import('./HomePage.tsx')).HomePage }),
  },
];
