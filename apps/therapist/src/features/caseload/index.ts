import type { RouteObject } from 'react-router';
import type { PortalRouteHandle } from '@tend/portal';
import { paths } from '../../paths.ts';
import { tk } from '../../tk.ts';
import { caseloadFilters } from './filters.ts';

const path = (p: string) => p.replace(/^\//, '');

/** The caseload: every patient of the therapist, who needs them first, search and filters, take on, discharge. */
export const caseloadRoutes: RouteObject[] = [
  {
    path: path(paths.caseload),
    handle: {
      title: tk('titles.caseload'),
      // The first page as the address filters it (the page searches for `q` as typed, debounced).
      prefetch: async ({ queryClient, url, prefetches }) =>
        (await prefetches()).prefetchCaseload(
          queryClient,
          caseloadFilters(url.searchParams, url.searchParams.get('q') ?? ''),
        ),
    } satisfies PortalRouteHandle,
    lazy: async () => ({ Component: (await import('./CaseloadPage.tsx')).CaseloadPage }),
  },
];
