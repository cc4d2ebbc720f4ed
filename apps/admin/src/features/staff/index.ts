import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/** An organisation's staff: invite people, pending invitations, roles, and removing someone (placing their patients), moving a patient to another therapist. */
export const staffRoutes: RouteObject[] = [
  {
    path: 'organisations/:organisationId/staff',
    handle: { title: tk('staff.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./StaffPage.tsx')).StaffPage }),
  },
  {
    path: 'organisations/:organisationId/staff/:userId/remove',
    handle: { title: tk('staff.remove.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./RemoveStaffPage.tsx')).RemoveStaffPage }),
  },
  {
    path: 'organisations/:organisationId/staff/:userId/move',
    handle: { title: tk('staff.move.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./MovePatientPage.tsx')).MovePatientPage }),
  },
];
