import type { RouteObject } from 'react-router';
import { tk } from '../../tk.ts';
import { lazyPage } from '@tend/auth';

const appointmentsPage = () => import('./AppointmentsPage.tsx');

/** Appointments: booking a session with a therapist of the care team, moving and cancelling it. */
export const appointmentsRoutes: RouteObject[] = [
  lazyPage('appointments', tk('appointments.title'), appointmentsPage, 'AppointmentsPage'),
];
