import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { I18n } from '@tend/i18n';
import { Providers } from './providers.tsx';
import { createRoutes } from './routes.tsx';

export function App({ i18n, queryClient, signupHost }: { i18n: I18n; queryClient: QueryClient; signupHost: boolean }) {
  const [router] = useState(() => createBrowserRouter(createRoutes(signupHost)));
  return (
    <Providers i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
