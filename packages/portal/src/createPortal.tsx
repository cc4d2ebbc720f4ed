import { createBrowserRouter, type LoaderFunction, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
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
import type {
  PortalDefinition,
  PortalOptions,
  PortalRouteHandle,
  Prefetch,
  PrefetchContext,
} from './types.ts';

/** A signed-in portal (patient, therapist, admin): its definition, its routes and its router. */
export interface Portal extends PortalDefinition {
  /** The whole route tree, unguarded. */
  routes(): RouteObject[];
  /**
   * The route tree with every rule in a loader, for a session; with the query cache, each signed-in route's
   * `handle.prefetch` runs in its loader once the rule lets the user in.
   */
  guardedRoutes(auth: AuthClient, queryClient?: QueryClient): RouteObject[];
  /** The browser router of the app. */
  createRouter(auth: AuthClient, queryClient?: QueryClient): ReturnType<typeof createBrowserRouter>;
}

const path = (p: string) => p.replace(/^\//, '');

/** The one place the portals import @tend/domain's prefetches (a chunk of its own; startPortal loads it ahead). */
export const prefetches = () => import('@tend/domain/prefetch');

/**
 * Gives each route with `handle.prefetch` a loader starting it (after the route's own loader, if any). Loaders
 * of the matched routes run together and beside their lazy chunks (react-router calls a route's static loader
 * while its `lazy` loads), so the shell's, a layout's and the page's calls all leave at once.
 */
function withPrefetch(routes: RouteObject[], auth: AuthClient, queryClient: QueryClient): RouteObject[] {
  return routes.map((route): RouteObject => {
    const prefetch = (route.handle as PortalRouteHandle | undefined)?.prefetch;
    const original = route.loader;
    const loader: LoaderFunction | undefined = prefetch
      ? (args) => {
          const { user } = auth.getSnapshot();
          const context = {
            queryClient,
            prefetches,
            user,
            params: args.params,
            url: new URL(args.request.url),
          };
          // Never waited for, never failing the navigation: the page's hooks ask again what did not arrive.
          if (user) void (async () => prefetch(context as PrefetchContext))().catch(() => undefined);
          return typeof original === 'function' ? original(args) : null;
        }
      : undefined;
    if (route.index) return loader ? { ...route, loader } : route;
    return {
      ...route,
      ...(loader ? { loader } : {}),
      ...(route.children ? { children: withPrefetch(route.children, auth, queryClient) } : {}),
    };
  });
}

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
  // The shell reads the account summary (the name in the header and the greeting) and what the app adds.
  const shellPrefetch: Prefetch = (context) => {
    void context.prefetches().then((p) => p.prefetchAccountSummary(context.queryClient));
    return options.prefetch?.(context);
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
          handle: { prefetch: shellPrefetch } satisfies PortalRouteHandle,
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
  const guardedRoutes = (auth: AuthClient, queryClient?: QueryClient) =>
    guardRoutes(queryClient ? withPrefetch(routes(), auth, queryClient) : routes(), {
      auth: async () => {
        await auth.ready();
        return auth.getSnapshot();
      },
    });
  return {
    ...definition,
    routes,
    guardedRoutes,
    createRouter: (auth, queryClient) => createBrowserRouter(guardedRoutes(auth, queryClient)),
  };
}
