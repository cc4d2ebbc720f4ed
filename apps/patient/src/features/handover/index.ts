import type { RouteObject } from 'react-router';
import { rules, type TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/**
 * Outside the shell: the way in from the sign-up's last step on the public site (another origin, whose session
 * cannot be shared): a single-use hand-over in the URL's fragment signs the new patient in here.
 */
export const handoverRoutes: RouteObject[] = [
  {
    path: 'authentication/welcome',
    handle: { title: tk('handover.title'), guard: rules.public } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./HandoverPage.tsx')).HandoverPage }),
  },
];
