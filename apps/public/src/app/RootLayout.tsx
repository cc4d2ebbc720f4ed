import { Outlet, ScrollRestoration } from 'react-router';
import { useRouteTitle } from '@tend/ui';

/** Around every page: the page title from the deepest route's `handle.title` (a key of the public namespace). */
export function RootLayout() {
  useRouteTitle({ ns: 'public' });
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
