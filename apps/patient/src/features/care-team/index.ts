import type { RouteObject } from 'react-router';
import { tk } from '../../tk.ts';
import { lazyPage } from '@tend/auth';

const careTeamPage = () => import('./CareTeamPage.tsx');
const therapistProfilePage = () => import('./TherapistProfilePage.tsx');

/** My care team: the therapists (and each one's profile), the access code, sharing data. */
export const careTeamRoutes: RouteObject[] = [
  lazyPage('care-team', tk('care-team.title'), careTeamPage, 'CareTeamPage'),
  lazyPage('care-team/:therapistId', tk('care-team.title'), therapistProfilePage, 'TherapistProfilePage'),
];
