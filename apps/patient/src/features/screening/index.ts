import type { RouteObject } from 'react-router';
import { tk } from '../../tk.ts';
import { lazyPage } from '@tend/auth';

const screeningPage = () => import('./ScreeningPage.tsx');
const questionnairePage = () => import('./QuestionnairePage.tsx');

/** PHQ-9 and GAD-7: the overview, and each questionnaire one question a step. */
export const screeningRoutes: RouteObject[] = [
  lazyPage('screening', tk('screening.title'), screeningPage, 'ScreeningPage'),
  lazyPage('screening/:type', tk('screening.questionnaire'), questionnairePage, 'QuestionnairePage'),
];
