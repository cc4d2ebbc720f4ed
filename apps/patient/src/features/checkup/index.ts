import type { RouteObject } from 'react-router';
import { tk } from '../../tk.ts';
import { lazyPage } from '@tend/auth';

const checkupPage = () => import('./CheckupPage.tsx');

/** The daily check-up (one a day: today's is edited, never duplicated). */
export const checkupRoutes: RouteObject[] = [
  lazyPage('checkup', tk('checkup.title'), checkupPage, 'CheckupPage'),
];
