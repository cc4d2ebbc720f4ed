import type { ComponentType, ReactNode } from 'react';
import type { Params, RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { AuthUser, ScopeRequest, SignedInApp, TendRouteHandle } from '@tend/auth';
import type * as DomainPrefetches from '@tend/domain/prefetch';

/** What a route's prefetch is given: the app's query cache, the signed-in user, the route's params and address. */
export interface PrefetchContext {
  queryClient: QueryClient;
  /** The prefetches of @tend/domain (one chunk, loaded ahead by startPortal). */
  prefetches: () => Promise<typeof DomainPrefetches>;
  user: AuthUser;
  params: Params;
  url: URL;
}

/**
 * Starts the calls a page's first render reads, all at once, from its route's loader (so they run beside the
 * page's lazy chunk, not after it, and none waits for another): each through the subject's `prefetch…` of
 * @tend/domain (the same call, key and options as its hook), in its own chunk (`@tend/domain/prefetch`,
 * loaded by the portal while the sign-in page is open, so not a round of its own). The loader does not wait:
 * the page renders and shows each call's own loading state until it answers.
 */
export type Prefetch = (context: PrefetchContext) => void | Promise<unknown>;

/** What a portal route may carry in `handle`: its title and rule, and what its page reads first. */
export interface PortalRouteHandle extends TendRouteHandle {
  /** Started by the route's loader once its rule lets the user in (signed-in routes only). */
  prefetch?: Prefetch;
}

/** A navigation entry of the signed-in shell; `label` is a key of the app's namespace (written with its `tk()`). */
export interface PortalNavItem {
  to: string;
  label: string;
  icon?: ReactNode;
  /** Active only on this exact path (default true for '/'). */
  end?: boolean;
  /**
   * A small component shown after the label, e.g. an unread count (rendered inside the signed-in shell, so it
   * may use hooks; render null for nothing). Its text becomes part of the link's name.
   */
  badge?: ComponentType;
  /**
   * Shown only to a user holding this scope (e.g. an optional scope such as `data-export`). Hiding the entry
   * is not protection: give the route the same rule (`guard: rules.hasScope(scope)`), so the URL is refused too.
   */
  scope?: string;
  /**
   * The app feature the entry belongs to (e.g. `journal`): hidden when the portal's `useFeatureOffered` says
   * the user's organisation does not offer it. Give the route the same rule, so the URL explains it too.
   */
  feature?: string;
}

/** Keys of the app's namespace for the few words that differ between portals. */
export interface PortalTexts {
  /** The product name in the header and in document.title ('Tend', 'Tend Therapist'). */
  appName: string;
  /** Under the sign-in heading. */
  signInIntro: string;
  /** Under the security page's heading. */
  securityIntro: string;
}

export interface PortalOptions {
  /** The app: its translation namespace, its scopes (APP_SCOPES) and its idle timeout. */
  app: SignedInApp;
  /** The scopes asked for at sign-in; default APP_SCOPES[app]. */
  scopes?: ScopeRequest;
  /**
   * The app's signed-in pages, inside the shell (guard default: a signed-in user of the app), e.g. its home
   * (the index route) and its features. Security and the not-found page are added.
   */
  routes: RouteObject[];
  /** Pages outside the shell beside sign-in, forgotten password and the e-mail confirmation (give each a guard). */
  publicRoutes?: RouteObject[];
  /** The app's own navigation entries, between Home and Security. */
  navigation?: readonly PortalNavItem[];
  texts: PortalTexts;
  /** Always-visible actions in the signed-in header (e.g. the patient app's "Get help now"). */
  headerActions?: ComponentType;
  /** The same on the signed-out pages (sign-in, forgotten password, e-mail confirmation). */
  signedOutHeaderActions?: ComponentType;
  /** Under the sign-in form (e.g. the patient app's "New here? Join"). */
  signInFooter?: ComponentType;
  /**
   * The interface languages the app has its words in (codes of @tend/i18n's LANGUAGES), offered by the
   * shell's language picker; the account's language is applied at sign-in when it is one of them. Default
   * `['en']`.
   */
  languages?: readonly string[];
  /**
   * A hook answering whether the signed-in user's organisation offers a feature (entries with `feature`);
   * default: everything is offered.
   */
  useFeatureOffered?: () => (feature: string) => boolean;
  /**
   * What the signed-in shell reads on every page besides the account summary (the portal's own): the app's
   * `useFeatureOffered` and navigation badges. Started with the first signed-in page's own prefetch.
   */
  prefetch?: Prefetch;
}

/** A portal as its pages see it (usePortal()). */
export interface PortalDefinition {
  app: SignedInApp;
  scopes: ScopeRequest;
  texts: PortalTexts;
  navigation: readonly PortalNavItem[];
  headerActions?: ComponentType | undefined;
  signedOutHeaderActions?: ComponentType | undefined;
  signInFooter?: ComponentType | undefined;
  languages: readonly string[];
  useFeatureOffered?: (() => (feature: string) => boolean) | undefined;
}
