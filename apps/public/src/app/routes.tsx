import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { ParseKeys } from 'i18next';
import type { RouteTitle } from '@tend/ui';
import { RootLayout } from './RootLayout.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';

/** Route data: the page title, a key of the public namespace (RootLayout sets it with @tend/ui's useRouteTitle). */
export interface RouteHandle {
  title: RouteTitle;
}

/** A title key of the public namespace, kept for the route (typed, and seen by the missing-key scanner). */
const tk = <K extends ParseKeys<'public'>>(key: K): K => key;
const handle = (title: string): RouteHandle => ({ title });

/** A route's `lazy`: the component `name` of the module `load` imports, in its own chunk. */
const page =
  <N extends string>(load: () => Promise<Record<NoInfer<N>, ComponentType>>, name: N) =>
  async () => ({ Component: (await load())[name] });

// Every page is its own chunk, loaded when its route is entered.
const lazy = {
  queryLayout: page(() => import('./QueryLayout.tsx'), 'QueryLayout'),
  signup: page(() => import('../features/signup/SignupModule.tsx'), 'SignupModule'),
  guide: page(() => import('../features/guide/InstallGuidePage.tsx'), 'InstallGuidePage'),
  openid: page(() => import('../features/openid/OpenIdLandingPage.tsx'), 'OpenIdLandingPage'),
  regionError: page(() => import('../features/errors/RegionErrorPage.tsx'), 'RegionErrorPage'),
  notFound: page(() => import('../features/errors/NotFoundPage.tsx'), 'NotFoundPage'),
  terms: page(() => import('../features/legal/LegalPage.tsx'), 'TermsPage'),
  privacy: page(() => import('../features/legal/LegalPage.tsx'), 'PrivacyPage'),
  requestAccess: page(() => import('../features/contact/RequestAccessPage.tsx'), 'RequestAccessPage'),
  requestCallback: page(() => import('../features/contact/RequestCallbackPage.tsx'), 'RequestCallbackPage'),
  requestCheckIn: page(() => import('../features/contact/RequestCheckInPage.tsx'), 'RequestCheckInPage'),
  subscribe: page(() => import('../features/email/SubscriptionPage.tsx'), 'SubscribePage'),
  unsubscribe: page(() => import('../features/email/SubscriptionPage.tsx'), 'UnsubscribePage'),
  emailUpdate: page(() => import('../features/email/EmailUpdatePage.tsx'), 'EmailUpdatePage'),
  staffInvitation: page(
    () => import('../features/invitation/StaffInvitationPage.tsx'),
    'StaffInvitationPage',
  ),
} satisfies Record<string, RouteObject['lazy']>;

/**
 * The public host's other pages that call the server or fetch assets: the install guide (the sign-up module
 * ends there), contact and e-mail links. Not on the sign-up host, where they answer not-found (the sign-up
 * module's links to the guide lead to the public host). The region error and not-found pages need neither:
 * they sit outside QueryLayout.
 */
const sharedPages: RouteObject[] = [
  { path: 'openid/guide/:platform/:client', handle: handle(tk('titles.installGuide')), lazy: lazy.guide },
  { path: 'openid/guide/:client', handle: handle(tk('titles.installGuide')), lazy: lazy.guide },
  { path: 'contact/access', handle: handle(tk('titles.requestAccess')), lazy: lazy.requestAccess },
  { path: 'contact/callback', handle: handle(tk('titles.requestCallback')), lazy: lazy.requestCallback },
  { path: 'contact/check-in', handle: handle(tk('titles.requestCheckIn')), lazy: lazy.requestCheckIn },
  { path: 'email/subscribe', handle: handle(tk('titles.subscribe')), lazy: lazy.subscribe },
  { path: 'email/unsubscribe', handle: handle(tk('titles.unsubscribe')), lazy: lazy.unsubscribe },
  { path: 'email/update', handle: handle(tk('titles.emailUpdate')), lazy: lazy.emailUpdate },
  { path: 'staff/invitation', handle: handle(tk('titles.staffInvitation')), lazy: lazy.staffInvitation },
];

/**
 * The routes of spec section 2. On any host but the dedicated sign-up host: empty → signup, the sign-up
 * module, the install guide (with and without a platform), the OpenID landing page, region error, 404 and
 * anything else → 404. On the sign-up host the site is the sign-up module at the root, and the on-demand
 * route {client} leads to the same client screen as openid/{client}; besides them only the region error page
 * (where a visitor from a region the service does not serve is sent, on either host) and 404; every other
 * address answers not-found.
 */
export function createRoutes(signupHost: boolean): RouteObject[] {
  const withData: RouteObject[] = signupHost
    ? [
        { index: true, handle: handle(tk('titles.signup')), lazy: lazy.signup },
        { path: ':client', handle: handle(tk('titles.openid')), lazy: lazy.openid },
      ]
    : [
        { path: 'signup', handle: handle(tk('titles.signup')), lazy: lazy.signup },
        { path: 'openid/:client', handle: handle(tk('titles.openid')), lazy: lazy.openid },
        ...sharedPages,
      ];
  const children: RouteObject[] = [
    ...(signupHost ? [] : [{ index: true, element: <Navigate to="signup" replace /> }]),
    { path: 'regionerror', handle: handle(tk('titles.regionError')), lazy: lazy.regionError },
    { path: '404', handle: handle(tk('titles.notFound')), lazy: lazy.notFound },
    // Tend's own terms of use and privacy notice, on both hosts (the sign-up links to them).
    { path: 'terms', handle: handle(tk('titles.terms')), lazy: lazy.terms },
    { path: 'privacy', handle: handle(tk('titles.privacy')), lazy: lazy.privacy },
    { lazy: lazy.queryLayout, children: withData },
    // On the sign-up host every other address answers not-found where it is (the public site's other pages are
    // not there); elsewhere it redirects to 404.
    signupHost
      ? { path: '*', handle: handle(tk('titles.notFound')), lazy: lazy.notFound }
      : { path: '*', element: <Navigate to="/404" replace /> },
  ];
  return [
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [{ errorElement: <RouteErrorPage />, children }],
    },
  ];
}
