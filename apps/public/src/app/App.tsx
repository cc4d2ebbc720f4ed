import { RouterProvider, type createBrowserRouter } from 'react-router';
import type { I18n } from '@tend/i18n';
import { Providers } from './providers.tsx';

/** A data router of the public app's routes (createRoutes): the browser's, or a memory one when prerendering. */
export type PublicRouter = ReturnType<typeof createBrowserRouter>;

export function App({ i18n, router }: { i18n: I18n; router: PublicRouter }) {
  return (
    <Providers i18n={i18n}>
      <RouterProvider router={router} />
    </Providers>
  );
}
