import type { RouteObject } from 'react-router';
import { rules, type TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/**
 * The data-export tooling (export, test copy, create, erase, and the log): only for a holder of the
 * `data-export` scope. The navigation entry is hidden from others, and the route refuses them too.
 */
export const userDataRoutes: RouteObject[] = [
  {
    path: 'user-data',
    handle: { title: tk('user-data.title'), guard: rules.hasScope('data-export') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./UserDataPage.tsx')).UserDataPage }),
  },
];
