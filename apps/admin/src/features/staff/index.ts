import type { RouteObject } from 'react-router';
import { lazyPage } from '@tend/auth';
import { tk } from '../../tk.ts';

const staff = 'organisations/:organisationId/staff';
const list = () => import('./StaffPage.tsx');
const remove = () => import('./RemoveStaffPage.tsx');
const move = () => import('./MovePatientPage.tsx');

/** An organisation's staff: invite people, pending invitations, roles, and removing someone (placing their patients), moving a patient to another therapist. */
export const staffRoutes: RouteObject[] = [
  lazyPage(staff, tk('staff.title'), list, 'StaffPage'),
  lazyPage(`${staff}/:userId/remove`, tk('staff.remove.title'), remove, 'RemoveStaffPage'),
  lazyPage(`${staff}/:userId/move`, tk('staff.move.title'), move, 'MovePatientPage'),
];
