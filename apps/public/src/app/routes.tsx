import { Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './RootLayout.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';

/** Route data: the page title (a key of the public namespace's `titles`). */
export interface RouteHandle {
  title: TitleKey;
}

export type TitleKey =
  | 'signup'
  | 'installGuide'
  | 'openid'
  | 'regionError'
  | 'notFound'
  | 'requestAccess'
  | 'requestCallback'
  | 'requestCheckIn'
  | 'subscribe'
  | 'unsubscribe'
  | 'emailUpdate';

const handle = (title: TitleKey): RouteHandle => ({ title });

// Every page is its own chunk, loaded when its route is entered.
const lazy = {
  guide: async () => ({ Component: (await import('../features/guide/InstallGuidePage.tsx')).InstallGuidePage }),
  regionError: async () => ({ Component: (await import('../features/errors/RegionErrorPage.tsx')).RegionErrorPage }),
  notFound: async () => ({ Component: (await import('../features/errors/NotFoundPage.tsx')).NotFoundPage }),
} satisfies Record<string, RouteObject['lazy']>;

/**
 * Pages on both hosts: the install guide (the sign-up module ends there), contact and e-mail links, the region
 * error and not-found pages.
 */
const sharedPages: RouteObject[] = [
  { path: 'openid/guide/:platform/:client', handle: handle('installGuide'), lazy: lazy.guide },
  { path: 'openid/guide/:client', handle: handle('installGuide'), lazy: lazy.guide },
  { path: 'regionerror', handle: handle('regionError'), lazy: lazy.regionError },
  { path: '404', handle: handle('notFound'), lazy: lazy.notFound },
];

/**
 * The routes of spec section 2. On any host but the dedicated sign-up host: empty → signup, the sign-up
 * module, the install guide (with and without a platform), the OpenID landing page, region error, 404 and
 * anything else → 404. On the sign-up host the site is the sign-up module at the root, and the on-demand
 * route {client} leads to the same client screen as openid/{client}.
 */
export function createRoutes(signupHost: boolean): RouteObject[] {
  const children: RouteObject[] = signupHost
    ? [
        ...sharedPages,
        { path: '*', element: <Navigate to="/" replace /> },
      ]
    : [
        { index: true, element: <Navigate to="signup" replace /> },
        ...sharedPages,
        { path: '*', element: <Navigate to="/404" replace /> },
      ];
  return [{ path: '/', element: <RootLayout />, errorElement: <RouteErrorPage />, children: [{ errorElement: <RouteErrorPage />, children }] }];
}
