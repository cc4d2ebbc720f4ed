import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/** The CBT toolkit and its guided exercises (each saved step by step and resumable). */
export const cbtRoutes: RouteObject[] = [
  {
    path: 'cbt',
    handle: { title: tk('cbt.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./CbtPage.tsx')).CbtPage }),
  },
  {
    path: 'cbt/:tool',
    handle: { title: tk('cbt.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./CbtToolPage.tsx')).CbtToolPage }),
  },
];
