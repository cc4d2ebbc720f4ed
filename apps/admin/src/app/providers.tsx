import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthProvider, type AuthClient } from '@tend/auth';
import { I18nextProvider, type I18n } from '@tend/i18n';
import { ErrorBoundary, TendProvider } from '@tend/ui';

export interface ProvidersProps {
  children: ReactNode;
  i18n: I18n;
  queryClient: QueryClient;
  auth: AuthClient;
  /** Tests: Mantine without transitions and portals. */
  env?: 'default' | 'test';
}

/** i18n, TanStack Query, Tend's Mantine theme, the session, and an error boundary around everything. */
export function Providers({ children, i18n, queryClient, auth, env }: ProvidersProps) {
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
