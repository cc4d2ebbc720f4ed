import type { RouteObject } from 'react-router';
import { tk } from '../../tk.ts';
import { lazyPage } from '@tend/auth';

const welfareContactPage = () => import('./WelfareContactPage.tsx');

/** The welfare contact: the person the care team may e-mail about the patient's welfare, and what was sent. */
export const welfareContactRoutes: RouteObject[] = [
  lazyPage('welfare-contact', tk('welfare-contact.title'), welfareContactPage, 'WelfareContactPage'),
];
