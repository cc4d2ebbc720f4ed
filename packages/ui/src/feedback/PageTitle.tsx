import { useTranslation } from '@tend/i18n';
import { useEffect } from 'react';
import { useMatches } from 'react-router';

/**
 * The one title mechanism of the four apps (WCAG 2.4.2: each page has a title): `document.title` is
 * `'<page> – <product>'`, set in an effect after every navigation from the deepest route's `handle.title`
 * (useRouteTitle, in each app's root), or by a page that has no route of its own (usePageTitle, e.g. an
 * error page).
 */

/** A route's title: a translation key (in the namespace useRouteTitle is given), or a function of the match. */
export type RouteTitle =
  string | ((match: { params: Record<string, string | undefined>; data: unknown }) => string);

/** 'Page – Tend', or 'Tend' alone. */
export function formatPageTitle(title: string | undefined, productName: string): string {
  const page = title?.trim();
  return page ? `${page} – ${productName}` : productName;
}

/** Sets document.title while the component is shown; `productName` defaults to the common `ProductName`. */
export function usePageTitle(title: string | undefined, productName?: string): string {
  const { t } = useTranslation();
  const full = formatPageTitle(title, productName ?? t('ProductName'));
  useEffect(() => {
    document.title = full;
  }, [full]);
  return full;
}

/** `<PageTitle title={t('…')} />` in a page: sets document.title, renders nothing. */
export function PageTitle({ title }: { title: string | undefined }) {
  usePageTitle(title);
  return null;
}

/** What routeTitle reads of a matched route (useMatches' UIMatch, or a data router's match). */
export interface TitledMatch {
  handle?: unknown;
  params?: Record<string, string | undefined>;
  data?: unknown;
}

/**
 * The title of the deepest matched route with `handle.title` (a key translated with `t`, or a function of the
 * match), as `<page> – <productName>` (the product name alone when no route has one). Pure: the prerendered
 * pages get their title from it too.
 */
export function routeTitle(
  matches: readonly TitledMatch[],
  t: (key: string) => string,
  productName: string,
): string {
  let page: string | undefined;
  for (let i = matches.length - 1; i >= 0 && page === undefined; i--) {
    const match = matches[i]!;
    const title = (match.handle as { title?: RouteTitle } | undefined)?.title;
    if (typeof title === 'function') page = title({ params: match.params ?? {}, data: match.data });
    else if (typeof title === 'string') page = t(title);
  }
  return formatPageTitle(page, productName);
}

/**
 * routeTitle of the current matches (keys translated in `ns`), set as document.title on every navigation and
 * language change. Needs a data router.
 */
export function useRouteTitle({ productName, ns }: { productName?: string; ns?: string } = {}): string {
  const matches = useMatches();
  const { t } = useTranslation(ns as 'common' | undefined);
  const { t: common } = useTranslation();
  const full = routeTitle(matches, t as (key: string) => string, productName ?? common('ProductName'));
  useEffect(() => {
    document.title = full;
  }, [full]);
  return full;
}
