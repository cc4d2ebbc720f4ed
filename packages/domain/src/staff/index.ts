// @tend/domain/staff: an organisation's staff (the admin console's Staff page). Invitations by e-mail (list, invite,
// resend, withdraw; the public page previews and accepts a link), the roles a person holds in the
// organisation, removing a therapist with each patient placed, and the organisation's audit log.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getListOrganisationAuditInfiniteQueryKey,
  getListOrganisationRolesInfiniteQueryKey,
  getListStaffInvitationsInfiniteQueryKey,
  getListStaffPatientsQueryKey,
  previewStaffInvitation,
  useAcceptStaffInvitation as useAcceptStaffInvitationCall,
  useInviteStaff as useInviteStaffCall,
  useListOrganisationAuditInfinite,
  useListStaffInvitationsInfinite,
  useListStaffPatients,
  useRemoveStaffMember as useRemoveStaffMemberCall,
  useResendStaffInvitation as useResendStaffInvitationCall,
  useSetStaffRoles as useSetStaffRolesCall,
  useWithdrawStaffInvitation as useWithdrawStaffInvitationCall,
} from '@tend/api';
import type { OrganisationAuditEntry, StaffInvitation, StaffRole } from '@tend/api/model';
import { useLoadedItems } from '../loadedItems.ts';

export type { OrganisationAuditEntry, StaffInvitation, StaffRole };

/** The roles a person can hold in an organisation, in the order the console shows them. */
export const STAFF_ROLES: readonly StaffRole[] = ['therapist', 'lead-therapist', 'org-admin'];

/** The audit actions the console words; others are shown as a change. */
export const AUDIT_ACTIONS = [
  'invitation_sent',
  'invitation_resent',
  'invitation_withdrawn',
  'invitation_accepted',
  'roles_changed',
  'staff_removed',
  'patient_placed',
  'patient_reassigned',
  // Written by the server's data retention job (no actor): what it removed under the organisation's retention.
  'retention_applied',
] as const;
export type KnownAuditAction = (typeof AUDIT_ACTIONS)[number];
export const knownAuditAction = (action: string): KnownAuditAction | null =>
  (AUDIT_ACTIONS as readonly string[]).includes(action) ? (action as KnownAuditAction) : null;

/** Roles as the audit detail lists them (StaffRole values), keeping only known ones. */
export function auditRoles(value: unknown): StaffRole[] {
  return Array.isArray(value)
    ? STAFF_ROLES.filter((r) => value.includes(r))
    : typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value)
      ? [value as StaffRole]
      : [];
}

const pageOptions = {
  query: {
    initialPageParam: undefined,
    getNextPageParam: (page: { lastPage: string | null }) => page.lastPage ?? undefined,
  },
};

/** The organisation's pending invitations, newest first, page by page. */
export function useStaffInvitations(organisation: string, pageSize = 50) {
  const query = useListStaffInvitationsInfinite(organisation, { pageSize }, pageOptions);
  const pages = query.data?.pages;
  const invitations = useLoadedItems(pages);
  return { ...query, invitations };
}

/** The organisation's audit log, newest first, page by page. */
export function useOrganisationAudit(organisation: string, pageSize = 50) {
  const query = useListOrganisationAuditInfinite(organisation, { pageSize }, pageOptions);
  const pages = query.data?.pages;
  const entries = useLoadedItems(pages);
  return { ...query, entries };
}

/** After a staff change: the lists it changes are read again (the audit log gains an entry the answer does not carry). */
function useStaffRefresh() {
  const queryClient = useQueryClient();
  return (_answer: unknown, { organisation }: { organisation: string }) => {
    for (const queryKey of [
      getListStaffInvitationsInfiniteQueryKey(organisation),
      getListOrganisationAuditInfiniteQueryKey(organisation),
      getListOrganisationRolesInfiniteQueryKey(organisation),
    ])
      void queryClient.invalidateQueries({ queryKey });
  };
}

/** inviteStaff: `{ organisation, data }`. */
export const useInviteStaff = () => useInviteStaffCall({ mutation: { onSuccess: useStaffRefresh() } });

/** resendStaffInvitation: `{ organisation, invitation }`. */
export const useResendStaffInvitation = () =>
  useResendStaffInvitationCall({ mutation: { onSuccess: useStaffRefresh() } });

/** withdrawStaffInvitation: `{ organisation, invitation }`. */
export const useWithdrawStaffInvitation = () =>
  useWithdrawStaffInvitationCall({ mutation: { onSuccess: useStaffRefresh() } });

/** setStaffRoles: `{ organisation, user, data: { roles } }`. */
export const useSetStaffRoles = () => useSetStaffRolesCall({ mutation: { onSuccess: useStaffRefresh() } });

/** A therapist's patients (names only) and the organisation's other therapists, before removing them. */
export function useStaffPatients(organisation: string, userId: string) {
  return useListStaffPatients(organisation, userId);
}

/** removeStaffMember: `{ organisation, user, data: { placements } }`; the person's patient list is dropped. */
export function useRemoveStaffMember() {
  const refresh = useStaffRefresh();
  const queryClient = useQueryClient();
  return useRemoveStaffMemberCall({
    mutation: {
      onSuccess: (answer, vars) => {
        refresh(answer, vars);
        queryClient.removeQueries({ queryKey: getListStaffPatientsQueryKey(vars.organisation, vars.user) });
      },
    },
  });
}

/** What an invitation link invites to (asked once per token; 400 invalid_token, 409 already_accepted). */
export function useStaffInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['staff-invitation-preview', token],
    queryFn: () => previewStaffInvitation({ token }),
    enabled: token.length >= 16,
    retry: false,
    staleTime: Infinity,
  });
}

/** acceptStaffInvitation: `{ data: { token, password } }`. */
export const useAcceptStaffInvitation = () => useAcceptStaffInvitationCall();
