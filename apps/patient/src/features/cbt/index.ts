import type { RouteObject } from 'react-router';
import { tk } from '../../tk.ts';
import { lazyPage } from '@tend/auth';

const cbtPage = () => import('./CbtPage.tsx');
const cbtToolPage = () => import('./CbtToolPage.tsx');

/** The CBT toolkit and its guided exercises (each saved step by step and resumable). */
export const cbtRoutes: RouteObject[] = [
  lazyPage('cbt', tk('cbt.title'), cbtPage, 'CbtPage'),
  lazyPage('cbt/:tool', tk('cbt.title'), cbtToolPage, 'CbtToolPage'),
];
