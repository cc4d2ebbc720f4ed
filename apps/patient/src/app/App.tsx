import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { watchNavigationFailures, type AuthClient } from '@tend/auth';
import type { I18n } from '@tend/i18n';
import { reportErrorSafely } from '@tend/ui';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';

export interface AppProps {
  i18n: I18n;
  queryClient: QueryClient;
  auth: AuthClient;
}

export function App({ i18n, queryClient, auth }: AppProps) {
  const [router] = useState(() => createAppRouter(auth));
  useEffect(() => watchNavigationFailures(router, (message, error) => reportErrorSafely(message, error)), [router]);
  return (
    <Providers i18n={i18n} queryClient={queryClient} auth={auth}>
      <RouterProvider router={router} />
    </Providers>
  );
}
