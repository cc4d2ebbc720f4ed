import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/** The therapist's appointments, by day or week in their timezone: move or cancel with a reason. */
export const appointmentRoutes: RouteObject[] = [
  {
    path: 'appointments',
    handle: { title: tk('appointments.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./AppointmentsPage.tsx')).AppointmentsPage }),
  },
];

export { NoticesBadge as AppointmentsBadge } from './NoticesBadge.tsx';
