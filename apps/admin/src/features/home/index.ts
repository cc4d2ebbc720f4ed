import type { RouteObject } from 'react-router';
import type { PortalRouteHandle } from '@tend/portal';
import { tk } from '../../tk.ts';

const homeHandle: PortalRouteHandle = {
  title: tk('titles.home'),
  // The organisation's figures are for administrators (the page shows them only to org-admin).
  prefetch: async ({ queryClient, user, url, prefetches }) => {
    if (!user.scopes.includes('org-admin')) return;
    const { prefetchAdminHome } = await prefetches();
    prefetchAdminHome(queryClient, url.searchParams.get('organisation'));
  },
};

/** The home page (guarded: needs a signed-in admin). */
export const homeRoutes: RouteObject[] = [
  {
    index: true,
    handle: homeHandle,
    lazy: async () => ({ Component: (await import('./HomePage.tsx')).HomePage }),
  },
];
