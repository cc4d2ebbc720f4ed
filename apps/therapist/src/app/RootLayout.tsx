import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, ScrollRestoration, useLocation, useRevalidator } from 'react-router';
import { IdleTimeout, idleTimeoutFor, useAuth, useRouteTitle } from '@tend/auth';
import { useTranslation } from '@tend/i18n';

/**
 * Around every page: the title from the route's data, the idle timeout, and the guards re-checked whenever
 * the session ends on its own (idle, 12 hours, refused) so the page gives way to sign-in at once.
 */
export function RootLayout({ idleTimeoutMs: given }: { idleTimeoutMs?: number }) {
  // Read once: the test-only ?idleTimeoutMs= override is kept for the tab (see @tend/auth idleTimeoutFor).
  const [idleTimeoutMs] = useState(() => given ?? idleTimeoutFor('therapist'));
  const { t } = useTranslation('therapist');
  useRouteTitle(t('appName'), 'therapist');
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
    <>
      <Outlet />
      <IdleTimeout timeoutMs={idleTimeoutMs} />
      <ScrollRestoration />
    </>
  );
}
