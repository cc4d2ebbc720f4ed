// Tables of identity: users and roles, MFA secrets and challenges, sessions (refresh tokens),
// query-string tokens, OpenID clients and states, account actions. Kysely table interfaces; the
// migration is ../migrations/0002_identity.ts. Times are epoch milliseconds (int8 read as numbers).
import type { ColumnType, Generated } from 'kysely';

/** Epoch milliseconds, defaulted by the database on insert. */
type CreatedAt = ColumnType<number, number | undefined, never>;

export type Role = 'patient' | 'therapist' | 'admin' | 'data-export';

export interface UsersTable {
  /** The Firebase Auth uid. */
  id: string;
  /** Lower-case; unique. */
  email: string;
  first_name: string | null;
  last_name: string | null;
  screen_name: string | null;
  /** BCP 47 language tag (en, en-GB, de …). */
  language: string;
  created_at: CreatedAt;
  updated_at: number;
}

export interface UserRolesTable {
  user_id: string;
  role: Role;
  /** For admins: the organisation administered (null for the other roles). */
  organisation_id: string | null;
  created_at: CreatedAt;
}

export interface MfaTotpSecretsTable {
  id: Generated<string>;
  user_id: string;
  label: string;
  /** The base32 secret, encrypted at rest (AES-256-GCM, see src/auth/crypto.ts). */
  secret_enc: string;
  /** The last accepted RFC 6238 time step: each code is accepted once. */
  last_used_step: number | null;
  /** Set by the first correct code; unconfirmed secrets do not count as MFA. */
  confirmed_at: number | null;
  /** Chosen as the default factor (migration 0102); the first confirmed secret otherwise. */
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

export interface MfaEmailConfigsTable {
  user_id: string;
  email: string;
  /** Whether the e-mail challenge is the user's default second factor. */
  is_default: boolean;
  created_at: CreatedAt;
}

export interface MfaEmailChallengesTable {
  id: Generated<string>;
  user_id: string;
  email: string;
  /** HMAC-SHA-256 of the 6-digit code under the server secret. */
  code_hash: string;
  failures: number;
  expires_at: number;
  used_at: number | null;
  created_at: CreatedAt;
}

/** Every failed MFA attempt (TOTP or e-mail), for the per-user limit over a sliding window. */
export interface MfaFailuresTable {
  id: Generated<number>;
  user_id: string;
  kind: 'totp' | 'email';
  at: number;
  /** Keyed hash of the client address the attempt came from (migration 0111); null for older rows. */
  source: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Devices (keyed hash of the device cookie) that passed the user's second factor: exempt from its back-off. */
export interface MfaKnownDevicesTable {
  user_id: string;
  device: string;
  last_passed_at: number;
  created_at: CreatedAt;
}

/** When the user was last warned by e-mail about wrong second-factor codes. */
export interface MfaFailureAlertsTable {
  user_id: string;
  sent_at: number;
}

/**
 * Per user (by SHA-256 of the uid), the instant before which every credential is refused, and the Firebase
 * account's "tokens valid after" second (migration 0110, src/auth/validity.ts).
 */
export interface SessionValidityTable {
  subject: string;
  /** Epoch ms; strictly increases with each revocation. */
  valid_after: number;
  /** Epoch seconds, as Firebase reports it (password changed or sessions revoked at Firebase). */
  firebase_valid_since: ColumnType<number, number | undefined, number>;
  reason: string | null;
  updated_at: number;
}

/** The columns both kinds of stored token share: a user's grant (scopes, second factor), kept as SHA-256. */
interface StoredTokenColumns {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  scopes: string[];
  mfa: boolean;
  expires_at: number;
  created_at: CreatedAt;
}

/** Server refresh tokens (sessionCookie?generateRefreshToken=true), stored as SHA-256. */
export interface RefreshTokensTable extends StoredTokenColumns {
  revoked_at: number | null;
}

export interface QueryStringTokensTable extends StoredTokenColumns {
  used_at: number | null;
}

export interface OpenidClientsTable {
  /** The product's client (tenant) identifier, e.g. `demo`. */
  id: string;
  display_name: string;
  issuer: string;
  client_id: string;
  client_secret: string | null;
  scopes: string;
  enabled: boolean;
  created_at: CreatedAt;
}

export interface OpenidStatesTable {
  state: string;
  client: string;
  code_verifier: string;
  nonce: string;
  redirect_uri: string;
  expires_at: number;
  used_at: number | null;
  created_at: CreatedAt;
}

/** Who signed in through a client's OpenID provider: (client, subject) → our user. */
export interface OpenidIdentitiesTable {
  client: string;
  subject: string;
  user_id: string;
  last_login_at: number;
  created_at: CreatedAt;
}

export interface EmailChangeRequestsTable {
  id: Generated<string>;
  user_id: string;
  new_email: string;
  token_hash: string;
  expires_at: number;
  confirmed_at: number | null;
  created_at: CreatedAt;
}

export interface DeletionRequestsTable {
  id: Generated<string>;
  user_id: string;
  /** The address the confirmation went to (the account's at the time). */
  email: string;
  reason: string | null;
  /** pending → completed (by the data-export team). */
  status: ColumnType<'pending' | 'completed', 'pending' | 'completed' | undefined, 'pending' | 'completed'>;
  created_at: CreatedAt;
}

/** Password-reset mails sent (per-address limit). */
export interface PasswordResetMailsTable {
  id: Generated<number>;
  email: string;
  at: number;
}

export interface IdentityTables {
  users: UsersTable;
  user_roles: UserRolesTable;
  mfa_totp_secrets: MfaTotpSecretsTable;
  mfa_email_configs: MfaEmailConfigsTable;
  mfa_email_challenges: MfaEmailChallengesTable;
  mfa_failures: MfaFailuresTable;
  mfa_known_devices: MfaKnownDevicesTable;
  mfa_failure_alerts: MfaFailureAlertsTable;
  session_validity: SessionValidityTable;
  refresh_tokens: RefreshTokensTable;
  query_string_tokens: QueryStringTokensTable;
  openid_clients: OpenidClientsTable;
  openid_states: OpenidStatesTable;
  openid_identities: OpenidIdentitiesTable;
  email_change_requests: EmailChangeRequestsTable;
  deletion_requests: DeletionRequestsTable;
  password_reset_mails: PasswordResetMailsTable;
}
