import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/** My data: the self-service download of everything Tend keeps about the patient. */
export const myDataRoutes: RouteObject[] = [
  {
    path: 'my-data',
    handle: { title: tk('my-data.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./MyDataPage.tsx')).MyDataPage }),
  },
];
