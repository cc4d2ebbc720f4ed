import { useEffect, useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider, type I18n } from '@tend/i18n';
import { ErrorBoundary, reportErrorSafely, TendProvider } from '@tend/ui';
import { watchNavigationFailures, AuthProvider, type AuthClient } from '@tend/auth';
import type { Portal } from './createPortal.tsx';

export interface PortalProvidersProps {
  children: ReactNode;
  i18n: I18n;
  queryClient: QueryClient;
  auth: AuthClient;
  /** Tests: Mantine without transitions and portals. */
  env?: 'default' | 'test';
}

/** i18n, TanStack Query, Tend's Mantine theme, the session, and an error boundary around everything. */
export function PortalProviders({ children, i18n, queryClient, auth, env }: PortalProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <TendProvider env={env}>
          <ErrorBoundary>
            <AuthProvider client={auth}>{children}</AuthProvider>
          </ErrorBoundary>
        </TendProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

export interface PortalAppProps {
  portal: Portal;
  i18n: I18n;
  queryClient: QueryClient;
  auth: AuthClient;
  /** The portal's router when made beforehand (start-up waits for its first page; the prerender's is in memory). */
  router?: PortalRouter;
}

export type PortalRouter = ReturnType<Portal['createRouter']>;

/** A portal in the browser: its router (failed navigations reported) inside the providers. */
export function PortalApp({ portal, i18n, queryClient, auth, router: given }: PortalAppProps) {
  const [router] = useState(() => given ?? portal.createRouter(auth, queryClient));
  useEffect(
    () => watchNavigationFailures(router, (message, error) => reportErrorSafely(message, error)),
    [router],
  );
  return (
    <PortalProviders i18n={i18n} queryClient={queryClient} auth={auth}>
      <RouterProvider router={router} />
    </PortalProviders>
  );
}
