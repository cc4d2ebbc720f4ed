import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/** Appointments: booking a session with a therapist of the care team, moving and cancelling it. */
export const appointmentsRoutes: RouteObject[] = [
  {
    path: 'appointments',
    handle: { title: tk('appointments.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./AppointmentsPage.tsx')).AppointmentsPage }),
  },
];
