// Tables of the server core (owned by the core part: status, config, cloud documents, contact, e-mail,
// message alerts, error reports, and the demo/care data seeded for part 2). Kysely table interfaces;
// one migration set in ../migrations. Column names are snake_case; timestamps are timestamptz (Date).
import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './columns.ts';

export interface SettingsTable {
  key: string;
  value: Json;
  updated_at: Timestamp;
}

export interface OrganisationsTable {
  id: string;
  parent_id: string | null;
  name: string;
  details: Json<Record<string, unknown>>;
  app_settings: Json<Record<string, unknown>>;
  subscription: Json<Record<string, unknown>>;
  research_settings: Json<Record<string, unknown>>;
  enabled: boolean;
  max_redemptions: number | null;
  /** The organisation's own access code (sign-up); see migration 0007. */
  access_code: ColumnType<string | null, string | null | undefined, string | null>;
  etag: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ClientsTable {
  id: string;
  name: string;
  service_name: string;
  organisation_id: string | null;
  created_at: Timestamp;
}

/** A therapist's profile; id is the user's uid. */
export interface TherapistsTable {
  id: string;
  organisation_id: string;
  email: string;
  first_name: string;
  last_name: string;
  biography: string;
  timezone: string;
  /** A lead therapist of their organisation (migration 0200): may invite therapists to it. */
  is_lead: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A patient's record; id is the user's uid. */
export interface PatientsTable {
  id: string;
  organisation_id: string;
  email: string;
  first_name: string;
  last_name: string;
  high_risk: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Who cares for whom: role lead, invited or handover. */
export interface CareTeamTable {
  patient_id: string;
  therapist_id: string;
  role: 'lead' | 'invited' | 'handover';
  created_at: Timestamp;
}

/** Every moment, stored generically: eventType and body as the app sends them. */
export interface MomentsTable {
  id: string;
  patient_id: string;
  event_type: string;
  body: Json<Record<string, unknown>>;
  start_at: Timestamp;
  end_at: Timestamp;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChatSessionsTable {
  id: string;
  patient_id: string;
  therapist_id: string | null;
  status: 'requested' | 'active' | 'ended';
  emergency: boolean;
  transport: string | null;
  created_at: Timestamp;
  ended_at: Timestamp | null;
}

export interface ChatMessagesTable {
  id: string;
  session_id: string;
  sender_id: string;
  body: string;
  created_at: Timestamp;
  edited_at: Timestamp | null;
}

export interface CloudDocumentsTable {
  owner_id: string;
  name: string;
  data_structure_version: number;
  content: Json;
  /** epoch milliseconds, as the client sends and reads it */
  timestamp: number;
  updated_at: Timestamp;
}

export interface ErrorReportsTable {
  id: Generated<number>;
  uid: string | null;
  message: string;
  reporter: string | null;
  stack: string | null;
  context: Json;
  log_buffer: Json;
  user_agent: string | null;
  created_at: Timestamp;
}

export interface ContactRequestsTable {
  id: string;
  kind: 'access' | 'callback' | 'check-in';
  type: string | null;
  email: string | null;
  message: string | null;
  is_contactable: boolean | null;
  callback_group: string | null;
  payload: Json;
  token_subject: string | null;
  contact_token: string | null;
  created_at: Timestamp;
}

export interface ContactTokensTable {
  token: string;
  client_id: string | null;
  organisation_id: string | null;
  label: string;
  expires_at: Timestamp | null;
  created_at: Timestamp;
}

export interface EmailSubscriptionsTable {
  email: string;
  subscribed: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WelfareEmailsTable {
  id: string;
  uid: string | null;
  target_emails: Json<string[]>;
  care_first_style: boolean;
  created_at: Timestamp;
}

export interface MessageAlertsTable {
  id: string;
  api_version: 1 | 2;
  message: Json<Record<string, unknown>>;
  etag: string;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RemoteConfigTable {
  kind: 'value' | 'scheme';
  key: string;
  value: Json;
  updated_at: Timestamp;
}

export interface CoreTables {
  settings: SettingsTable;
  organisations: OrganisationsTable;
  clients: ClientsTable;
  therapists: TherapistsTable;
  patients: PatientsTable;
  care_team: CareTeamTable;
  moments: MomentsTable;
  chat_sessions: ChatSessionsTable;
  chat_messages: ChatMessagesTable;
  cloud_documents: CloudDocumentsTable;
  error_reports: ErrorReportsTable;
  contact_requests: ContactRequestsTable;
  contact_tokens: ContactTokensTable;
  email_subscriptions: EmailSubscriptionsTable;
  welfare_emails: WelfareEmailsTable;
  message_alerts: MessageAlertsTable;
  remote_config: RemoteConfigTable;
}
