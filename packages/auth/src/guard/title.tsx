import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from '@tend/i18n';
import type { TendRouteHandle } from './routes.ts';

/** What routeTitle reads of a matched route (useMatches' UIMatch, or a data router's match). */
export interface TitledMatch {
  handle?: unknown;
  params: Record<string, string | undefined>;
  data?: unknown;
}

/**
 * The title of the deepest matched route with `handle.title`, translated, as `<page> – <app>` (just the app's
 * name when no route has one). Pure: the prerendered pages get their title from it too.
 */
export function routeTitle(matches: readonly TitledMatch[], t: (key: string) => string, appName: string): string {
  let page: string | undefined;
  for (let i = matches.length - 1; i >= 0 && page === undefined; i--) {
    const match = matches[i]!;
    const title = (match.handle as TendRouteHandle | undefined)?.title;
    if (typeof title === 'function') page = title({ params: match.params, data: match.data });
    else if (typeof title === 'string') page = t(title);
  }
  return page ? `${page} – ${appName}` : appName;
}

/** routeTitle of the current matches, set as document.title after every navigation (in an effect, never during render). */
export function useRouteTitle(appName: string, ns?: string): string {
  const matches = useMatches();
  const { t } = useTranslation(ns as 'common' | undefined);
  const full = routeTitle(matches, t as (key: string) => string, appName);
  useEffect(() => {
    document.title = full;
  }, [full]);
  return full;
}
