import type { OrganisationRoleHolder } from '@tend/api/model';
import { useOrganisationRoles } from '@tend/domain/roles';

/** What a staff member is called on these pages: their first and last names, else their email. */
export const staffNameOf = (h: OrganisationRoleHolder) =>
  [h.firstName, h.lastName].filter(Boolean).join(' ') || h.email;

/**
 * The name of one staff member, for the pages about them (moving their patients, removing them): '' while the
 * organisation's roles are being read, or when the person holds none there.
 */
export function useStaffMemberName(organisationId: string, userId: string): string {
  const roles = useOrganisationRoles(organisationId);
  const holder = roles.holders.find((h) => h.userId === userId);
  return holder ? staffNameOf(holder) : '';
}
