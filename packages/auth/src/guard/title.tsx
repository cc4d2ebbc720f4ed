import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from '@tend/i18n';
import type { TendRouteHandle } from './routes.ts';

/**
 * The title of the deepest matched route with `handle.title`, translated, as `<page> – <app>`; set as
 * document.title after every navigation (in an effect, never during render).
 */
export function useRouteTitle(appName: string, ns?: string): string {
  const matches = useMatches();
  const { t } = useTranslation(ns as 'common' | undefined);
  let page: string | undefined;
  for (let i = matches.length - 1; i >= 0 && page === undefined; i--) {
    const match = matches[i]!;
    const title = (match.handle as TendRouteHandle | undefined)?.title;
    if (typeof title === 'function') page = title({ params: match.params, data: match.data });
    else if (typeof title === 'string') page = (t as (key: string) => string)(title);
  }
  const full = page ? `${page} – ${appName}` : appName;
  useEffect(() => {
    document.title = full;
  }, [full]);
  return full;
}
