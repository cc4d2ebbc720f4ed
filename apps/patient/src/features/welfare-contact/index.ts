import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/** The welfare contact: the person the care team may e-mail about the patient's welfare, and what was sent. */
export const welfareContactRoutes: RouteObject[] = [
  {
    path: 'welfare-contact',
    handle: { title: tk('welfare-contact.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./WelfareContactPage.tsx')).WelfareContactPage }),
  },
];
