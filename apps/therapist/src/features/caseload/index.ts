import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { paths } from '../../paths.ts';
import { tk } from '../../tk.ts';

const path = (p: string) => p.replace(/^\//, '');

/** The caseload: every patient of the therapist, who needs them first, search and filters, take on, discharge. */
export const caseloadRoutes: RouteObject[] = [
  {
    path: path(paths.caseload),
    handle: { title: tk('titles.caseload') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./CaseloadPage.tsx')).CaseloadPage }),
  },
];
