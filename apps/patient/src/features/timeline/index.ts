import type { RouteObject } from 'react-router';
import { tk } from '../../tk.ts';
import { lazyPage } from '@tend/auth';

const timelinePage = () => import('./TimelinePage.tsx');

/** Every moment of the patient, newest first. */
export const timelineRoutes: RouteObject[] = [
  lazyPage('timeline', tk('timeline.title'), timelinePage, 'TimelinePage'),
];
