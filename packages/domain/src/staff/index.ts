// @tend/domain/staff: an organisation's staff (the admin console's Staff page). Invitations by e-mail (list, invite,
// resend, withdraw; the public page previews and accepts a link), the roles a person holds in the
// organisation, removing a therapist with each patient placed, and the organisation's audit log.
import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  acceptStaffInvitation,
  getListOrganisationAuditInfiniteQueryKey,
  getListOrganisationRolesInfiniteQueryKey,
  getListStaffInvitationsInfiniteQueryKey,
  getListStaffPatientsQueryKey,
  inviteStaff,
  previewStaffInvitation,
  removeStaffMember,
  resendStaffInvitation,
  setStaffRoles,
  useListOrganisationAuditInfinite,
  useListStaffInvitationsInfinite,
  useListStaffPatients,
  withdrawStaffInvitation,
} from '@tend/api';
import type {
  OrganisationAuditEntry,
  StaffInvitation,
  StaffInvitationRequest,
  StaffRole,
  StaffRemovalRequest,
} from '@tend/api/model';

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
  const invitations = useMemo<StaffInvitation[]>(() => (pages ?? []).flatMap((p) => p.items), [pages]);
  return { ...query, invitations };
}

/** The organisation's audit log, newest first, page by page. */
export function useOrganisationAudit(organisation: string, pageSize = 50) {
  const query = useListOrganisationAuditInfinite(organisation, { pageSize }, pageOptions);
  const pages = query.data?.pages;
  const entries = useMemo<OrganisationAuditEntry[]>(() => (pages ?? []).flatMap((p) => p.items), [pages]);
  return { ...query, entries };
}

/** After a staff change: the lists it changes are read again (the audit log gains an entry the answer does not carry). */
function useStaffRefresh(organisation: string) {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [
      getListStaffInvitationsInfiniteQueryKey(organisation),
      getListOrganisationAuditInfiniteQueryKey(organisation),
      getListOrganisationRolesInfiniteQueryKey(organisation),
    ])
      void queryClient.invalidateQueries({ queryKey });
  };
}

export function useInviteStaff(organisation: string) {
  const refresh = useStaffRefresh(organisation);
  return useMutation({
    mutationFn: (body: StaffInvitationRequest) => inviteStaff(organisation, body),
    onSuccess: refresh,
  });
}

export function useResendStaffInvitation(organisation: string) {
  const refresh = useStaffRefresh(organisation);
  return useMutation({
    mutationFn: (invitation: string) => resendStaffInvitation(organisation, invitation),
    onSuccess: refresh,
  });
}

export function useWithdrawStaffInvitation(organisation: string) {
  const refresh = useStaffRefresh(organisation);
  return useMutation({
    mutationFn: (invitation: string) => withdrawStaffInvitation(organisation, invitation),
    onSuccess: refresh,
  });
}

export function useSetStaffRoles(organisation: string) {
  const refresh = useStaffRefresh(organisation);
  return useMutation({
    mutationFn: ({ userId, roles }: { userId: string; roles: StaffRole[] }) =>
      setStaffRoles(organisation, userId, { roles }),
    onSuccess: refresh,
  });
}

/** A therapist's patients (names only) and the organisation's other therapists, before removing them. */
export function useStaffPatients(organisation: string, userId: string) {
  return useListStaffPatients(organisation, userId);
}

export function useRemoveStaffMember(organisation: string, userId: string) {
  const refresh = useStaffRefresh(organisation);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffRemovalRequest) => removeStaffMember(organisation, userId, body),
    onSuccess: () => {
      refresh();
      queryClient.removeQueries({ queryKey: getListStaffPatientsQueryKey(organisation, userId) });
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

export function useAcceptStaffInvitation() {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      acceptStaffInvitation({ token, password }),
  });
}
