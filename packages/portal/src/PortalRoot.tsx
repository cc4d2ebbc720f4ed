import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, ScrollRestoration, useLocation, useRevalidator } from 'react-router';
import { IdleTimeout, idleTimeoutFor, useAuth } from '@tend/auth';
import { useRouteTitle } from '@tend/ui';
import { registerPortalTranslations } from './i18n.ts';
import { PortalContext, useAppText } from './context.ts';
import type { PortalDefinition } from './types.ts';
import { useTranslation } from '@tend/i18n';

/**
 * Around every page of a portal: the title from the route's data, the idle timeout, and the guards re-checked
 * whenever the session ends on its own (idle, 12 hours, refused) so the page gives way to sign-in at once.
 */
export function PortalRoot({ portal }: { portal: PortalDefinition }) {
  // Read once: the test-only ?idleTimeoutMs= override is kept for the tab (see idleTimeoutFor).
  const [idleTimeoutMs] = useState(() => idleTimeoutFor(portal.app));
  const { i18n } = useTranslation();
  // Route titles of the shared pages are `auth:` keys.
  registerPortalTranslations(i18n);
  const text = useAppText(portal.app);
  useRouteTitle({ productName: text(portal.texts.appName), ns: portal.app });
  const { status, signOutReason } = useAuth();
  const { revalidate } = useRevalidator();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  useEffect(() => {
    if (status === 'signedOut' && signOutReason && signOutReason !== 'user') void revalidate();
  }, [status, signOutReason, revalidate]);
  // Sign-out clears the cache at once; once the signed-in pages are gone (after the move to sign-in), clear
  // again whatever they fetched while unmounting, so nothing of the session stays in memory.
  useEffect(() => {
    if (status === 'signedOut') queryClient.clear();
  }, [status, pathname, queryClient]);
  return (
    <PortalContext.Provider value={portal}>
      <Outlet />
      <IdleTimeout timeoutMs={idleTimeoutMs} />
      <ScrollRestoration />
    </PortalContext.Provider>
  );
}
