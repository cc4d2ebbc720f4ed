import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '@tend/ui';
import {
  RouteError,
  guardRoutes,
  type TendRouteHandle,
  rules,
  APP_SCOPES,
  type AuthClient,
} from '@tend/auth';
import { DEFAULT_LANGUAGE } from '@tend/i18n';
import { portalKey } from './i18n.ts';
import { portalPaths } from './paths.ts';
import { PortalRoot } from './PortalRoot.tsx';
import type { PortalDefinition, PortalOptions } from './types.ts';

/** A signed-in portal (patient, therapist, admin): its definition, its routes and its router. */
export interface Portal extends PortalDefinition {
  /** The whole route tree, unguarded. */
  routes(): RouteObject[];
  /** The route tree with every rule in a loader, for a session. */
  guardedRoutes(auth: AuthClient): RouteObject[];
  /** The browser router of the app. */
  createRouter(auth: AuthClient): ReturnType<typeof createBrowserRouter>;
}

const path = (p: string) => p.replace(/^\//, '');

/**
 * The shape the three signed-in portals share, from what differs between them (the app and its scopes, its
 * pages, its navigation entries, its words):
 *
 * - signed-out pages: sign-in (with the second factor) and forgotten password, in the signed-out frame;
 * - `/account/confirm-email?id=…`, the mailed e-mail change link, open to anyone;
 * - the signed-in shell (default rule: a signed-in user of the app) with the app's routes, `/security` and a
 *   not-found page;
 * - around everything: titles from the routes' data, the idle timeout, sign-out handling.
 *
 * Pages are lazy chunks; every route's rule runs in a loader (guardRoutes).
 */
export function createPortal(options: PortalOptions): Portal {
  const definition: PortalDefinition = {
    app: options.app,
    scopes: options.scopes ?? APP_SCOPES[options.app],
    texts: options.texts,
    navigation: options.navigation ?? [],
    headerActions: options.headerActions,
    signedOutHeaderActions: options.signedOutHeaderActions,
    signInFooter: options.signInFooter,
    languages: options.languages ?? [DEFAULT_LANGUAGE],
    useFeatureOffered: options.useFeatureOffered,
  };
  const routes = (): RouteObject[] => [
    {
      element: <PortalRoot portal={definition} />,
      errorElement: <RouteError />,
      HydrateFallback: PageLoader,
      handle: { guard: rules.public } satisfies TendRouteHandle,
      children: [
        {
          path: path(portalPaths.login),
          handle: {
            title: portalKey('titles.signIn'),
            guard: rules.signedOut(portalPaths.home),
          } satisfies TendRouteHandle,
          lazy: async () => ({ Component: (await import('./pages/LoginPage.tsx')).LoginPage }),
        },
        {
          path: path(portalPaths.forgotPassword),
          handle: {
            title: portalKey('titles.forgotPassword'),
            guard: rules.public,
          } satisfies TendRouteHandle,
          lazy: async () => ({
            Component: (await import('./pages/ForgotPasswordPage.tsx')).ForgotPasswordPage,
          }),
        },
        {
          path: path(portalPaths.confirmEmail),
          handle: { title: portalKey('titles.confirmEmail'), guard: rules.public } satisfies TendRouteHandle,
          lazy: async () => ({ Component: (await import('./pages/ConfirmEmailPage.tsx')).ConfirmEmailPage }),
        },
        {
          path: path(portalPaths.regionError),
          handle: { title: portalKey('titles.regionError'), guard: rules.public } satisfies TendRouteHandle,
          lazy: async () => ({ Component: (await import('./pages/RegionErrorPage.tsx')).RegionErrorPage }),
        },
        ...(options.publicRoutes ?? []),
        {
          lazy: async () => ({ Component: (await import('./SignedInLayout.tsx')).SignedInLayout }),
          errorElement: <RouteError />,
          children: [
            ...options.routes,
            {
              path: path(portalPaths.security),
              handle: { title: portalKey('titles.security') } satisfies TendRouteHandle,
              lazy: async () => ({ Component: (await import('./pages/SecurityPage.tsx')).SecurityPage }),
            },
            {
              path: '*',
              handle: { title: portalKey('titles.notFound') } satisfies TendRouteHandle,
              lazy: async () => ({ Component: (await import('./pages/NotFoundPage.tsx')).NotFoundPage }),
            },
          ],
        },
      ],
    },
  ];
  const guardedRoutes = (auth: AuthClient) =>
    guardRoutes(routes(), {
      auth: async () => {
        await auth.ready();
        return auth.getSnapshot();
      },
    });
  return {
    ...definition,
    routes,
    guardedRoutes,
    createRouter: (auth) => createBrowserRouter(guardedRoutes(auth)),
  };
}
