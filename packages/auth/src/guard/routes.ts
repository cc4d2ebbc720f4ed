import {
  data,
  isRouteErrorResponse,
  redirect,
  type DataRouter,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import type { RouteTitle } from '@tend/ui';
import type { AuthSnapshot } from '../session/types.ts';
import { evaluateGuard, type GuardRule } from './rules.ts';

/** A page title (the one title mechanism is @tend/ui's useRouteTitle): a translation key, or a function of the match. */
export type { RouteTitle };

/** What a route may carry in `handle`. Put `guard` on the route object itself, not in `lazy`. */
export interface TendRouteHandle {
  /** The page's title (document.title is `<title> – <app name>`). */
  title?: RouteTitle;
  /** Who may enter; default: a signed-in user (`rules.signedIn`). */
  guard?: GuardRule;
}

export interface GuardRoutesOptions {
  /** The auth state once known (waits while Firebase restores the session). */
  auth: () => Promise<AuthSnapshot>;
}

/** Marks the 403 a rule answers, so it is shown as "no access" and not reported as a failed navigation. */
export const GUARD_REFUSED = 'tend-guard-refused';

export function isGuardRefusal(error: unknown): boolean {
  return (
    isRouteErrorResponse(error) &&
    error.status === 403 &&
    typeof error.data === 'object' &&
    error.data !== null &&
    (error.data as { kind?: unknown }).kind === GUARD_REFUSED
  );
}

function guardedLoader(
  rule: GuardRule | undefined,
  original: RouteObject['loader'],
  options: GuardRoutesOptions,
) {
  const loader: LoaderFunction = async (args: LoaderFunctionArgs) => {
    const outcome = await evaluateGuard(rule, {
      auth: await options.auth(),
      params: args.params,
      url: new URL(args.request.url),
    });
    if (outcome.type === 'redirect') throw redirect(outcome.to);
    if (outcome.type === 'refuse') {
      throw data({ kind: GUARD_REFUSED, reason: outcome.reason }, { status: 403, statusText: 'Forbidden' });
    }
    return typeof original === 'function' ? original(args) : null;
  };
  return loader;
}

/**
 * Gives every route of the tree a loader that first checks the route's `handle.guard` (default: signed in),
 * so redirects happen in loaders before anything renders, never during render. The route's own loader runs
 * after its rule lets the user in.
 */
export function guardRoutes(routes: RouteObject[], options: GuardRoutesOptions): RouteObject[] {
  return routes.map((route) => {
    const handle = route.handle as TendRouteHandle | undefined;
    const loader = guardedLoader(handle?.guard, route.loader, options);
    if (route.index) return { ...route, loader };
    return {
      ...route,
      loader,
      ...(route.children ? { children: guardRoutes(route.children, options) } : {}),
    };
  });
}

/** The message every failed navigation is logged and reported with. */
export const NAVIGATION_FAILED = 'Navigation failed';

const reportedNavigationErrors = new WeakSet<object>();

/** True for an error watchNavigationFailures already logged and reported (so RouteError does not again). */
export function isReportedNavigationFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && reportedNavigationErrors.has(error);
}

/**
 * Logs (console.error) and reports each failed navigation: a loader or a lazy route that threw. A rule's
 * refusal is not a failure. Returns the unsubscribe function.
 */
export function watchNavigationFailures(
  router: Pick<DataRouter, 'subscribe' | 'state'>,
  report: (message: string, error: unknown) => void,
): () => void {
  let seen: unknown = null;
  const check = (state: DataRouter['state']) => {
    if (state.navigation.state !== 'idle') return;
    if (!state.errors) {
      seen = null;
      return;
    }
    if (state.errors === seen) return;
    seen = state.errors;
    for (const error of Object.values(state.errors)) {
      if (isGuardRefusal(error)) continue;
      if (typeof error === 'object' && error !== null) reportedNavigationErrors.add(error);
      console.error(NAVIGATION_FAILED, error);
      report(NAVIGATION_FAILED, error);
    }
  };
  check(router.state);
  return router.subscribe(check);
}
