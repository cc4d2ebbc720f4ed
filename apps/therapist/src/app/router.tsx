import { createBrowserRouter, type RouteObject } from 'react-router';
import { guardRoutes, RouteError, rules, type AuthClient, type TendRouteHandle } from '@tend/auth';
import { tk } from '../tk.ts';
import { PageLoader } from '@tend/ui';
import { authRoutes } from '../features/auth/index.ts';
import { homeRoutes } from '../features/home/index.ts';
import { securityRoutes } from '../features/security/index.ts';
import { RootLayout } from './RootLayout.tsx';

const publicHandle: TendRouteHandle = { guard: rules.public };
const notFoundHandle: TendRouteHandle = { title: tk('titles.notFound') };

/**
 * The routes: the signed-out pages, and the signed-in shell (default rule: a signed-in therapist) with home
 * and security. Pages are lazy chunks.
 */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      HydrateFallback: PageLoader,
      handle: publicHandle,
      children: [
        ...authRoutes,
        {
          lazy: async () => ({ Component: (await import('./SignedInLayout.tsx')).SignedInLayout }),
          errorElement: <RouteError />,
          children: [
            ...homeRoutes,
            ...securityRoutes,
            {
              path: '*',
              handle: notFoundHandle,
              lazy: async () => ({ Component: (await import('./NotFoundPage.tsx')).NotFoundPage }),
            },
          ],
        },
      ],
    },
  ];
}

/** The guarded routes of the app for a given session. */
export function guardedAppRoutes(auth: AuthClient): RouteObject[] {
  return guardRoutes(appRoutes(), {
    auth: async () => {
      await auth.ready();
      return auth.getSnapshot();
    },
  });
}

export function createAppRouter(auth: AuthClient) {
  return createBrowserRouter(guardedAppRoutes(auth));
}
