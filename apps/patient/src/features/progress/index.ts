import type { RouteObject } from 'react-router';
import { tk } from '../../tk.ts';
import { lazyPage } from '@tend/auth';

const progressPage = () => import('./ProgressPage.tsx');

/** Progress: PHQ-9, GAD-7 and mood over a chosen period. */
export const progressRoutes: RouteObject[] = [
  lazyPage('progress', tk('progress.title'), progressPage, 'ProgressPage'),
];
