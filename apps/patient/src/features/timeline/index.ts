import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/** Every moment of the patient, newest first. */
export const timelineRoutes: RouteObject[] = [
  {
    path: 'timeline',
    handle: { title: tk('timeline.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./TimelinePage.tsx')).TimelinePage }),
  },
];
