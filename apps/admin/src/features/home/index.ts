import type { RouteObject } from 'react-router';
import { prefetchAdminHome } from '@tend/domain/prefetch';
import type { PortalRouteHandle } from '@tend/portal';
import { tk } from '../../tk.ts';

const homeHandle: PortalRouteHandle = {
  title: tk('titles.home'),
  // The organisation's figures are for administrators (the page shows them only to org-admin).
  prefetch: ({ queryClient, user, url }) => {
    if (user.scopes.includes('org-admin'))
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
