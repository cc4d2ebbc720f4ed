import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import type { I18n } from '@tend/i18n';
import { Providers } from './providers.tsx';
import { createRoutes } from './routes.tsx';

export function App({ i18n, signupHost }: { i18n: I18n; signupHost: boolean }) {
  const [router] = useState(() => createBrowserRouter(createRoutes(signupHost)));
  return (
    <Providers i18n={i18n}>
      <RouterProvider router={router} />
    </Providers>
  );
}
