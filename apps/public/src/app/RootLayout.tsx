import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useTranslation, type TFunction } from '@tend/i18n';
import type { RouteHandle, TitleKey } from './routes.tsx';

/** The title of each route (literal keys, so the missing-key scanner sees them). */
const TITLES = {
  signup: 'titles.signup',
  installGuide: 'titles.installGuide',
  openid: 'titles.openid',
  regionError: 'titles.regionError',
  notFound: 'titles.notFound',
  requestAccess: 'titles.requestAccess',
  requestCallback: 'titles.requestCallback',
  requestCheckIn: 'titles.requestCheckIn',
  subscribe: 'titles.subscribe',
  unsubscribe: 'titles.unsubscribe',
  emailUpdate: 'titles.emailUpdate',
} as const satisfies Record<TitleKey, string>;

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).title === 'string';
}

/** The page title of the deepest route with a title (prerendered pages get theirs from here too). */
export function routeTitle(matches: ReadonlyArray<{ handle?: unknown }>, t: TFunction<'public'>): string {
  const handle = [...matches].reverse().find((m) => isRouteHandle(m.handle))?.handle as RouteHandle | undefined;
  const product = t('ProductName');
  return handle ? `${t(TITLES[handle.title])} – ${product}` : product;
}

/** Sets the page title from the deepest route's data on every navigation (and on a language change). */
export function useRouteTitle() {
  const matches = useMatches();
  const { t, i18n } = useTranslation('public');
  const title = routeTitle(matches, t);
  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);
}

export function RootLayout() {
  useRouteTitle();
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
