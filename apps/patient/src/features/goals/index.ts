import type { RouteObject } from 'react-router';
import { tk } from '../../tk.ts';
import { lazyPage } from '@tend/auth';

const goalsPage = () => import('./GoalsPage.tsx');

/** My goals and preferences (the patient's metadata documents, ETag-versioned). */
export const goalsRoutes: RouteObject[] = [lazyPage('goals', tk('goals.title'), goalsPage, 'GoalsPage')];
