import type { RouteObject } from 'react-router';
import { tk } from '../../tk.ts';
import { lazyPage } from '@tend/auth';

const safetyPlanPage = () => import('./SafetyPlanPage.tsx');

/** My safety plan (also reached from the crisis panel) and "Let someone know". */
export const safetyPlanRoutes: RouteObject[] = [
  lazyPage('safety-plan', tk('safety-plan.title'), safetyPlanPage, 'SafetyPlanPage'),
];
