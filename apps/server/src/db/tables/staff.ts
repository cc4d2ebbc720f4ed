// Tables of organisation staff (migration 0200_organisation_staff): invitations and the audit log.
import type { Json, Timestamp } from './columns.ts';

export type InvitationRole = 'therapist' | 'lead-therapist' | 'admin';

export interface OrganisationInvitationsTable {
  id: string;
  organisation_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: InvitationRole;
  /** SHA-256 (hex) of the link's token. */
  token_hash: string;
  invited_by: string | null;
  created_at: Timestamp;
  sent_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  withdrawn_at: Timestamp | null;
}

export interface OrganisationAuditTable {
  id: string;
  organisation_id: string;
  actor_id: string | null;
  action: string;
  subject_id: string | null;
  subject_label: string;
  detail: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface StaffTables {
  organisation_invitations: OrganisationInvitationsTable;
  organisation_audit: OrganisationAuditTable;
}
