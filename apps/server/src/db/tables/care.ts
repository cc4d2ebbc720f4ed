// Tables of part 2's care area (moments, patient moments, screening and risk, care team, onboarding
// responses, patient metadata, rewards, push). Kysely table interfaces; the migration is
// ../migrations/0004_care_moments_team.ts. Timestamps are timestamptz (Date), like the core tables.
import type { ColumnType } from 'kysely';
import type { Json, Timestamp } from './columns.ts';

/** The bytes of an uploaded file moment (kept in the database). */
export interface MomentFilesTable {
  moment_id: string;
  patient_id: string;
  content_type: string;
  file_name: string;
  size: number;
  data: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
  uploaded_by: string;
  created_at: Timestamp;
}

/** A patient's current high-risk flag, with reason, source and who/when. */
export interface PatientRiskTable {
  patient_id: string;
  high_risk: boolean;
  reason: string | null;
  /** phq9-item9 | phq9-severe | gad7-severe | notify | therapist */
  source: string;
  flagged_at: Timestamp | null;
  flagged_by: string | null;
  updated_at: Timestamp;
}

/** Every change of the flag (history). */
export interface RiskEventsTable {
  id: string;
  patient_id: string;
  high_risk: boolean;
  reason: string | null;
  source: string;
  actor_id: string | null;
  created_at: Timestamp;
}

/** Something a therapist is told about a patient (screening scores, risk); kept, read in the apps. */
export interface TherapistNotificationsTable {
  id: string;
  therapist_id: string;
  patient_id: string;
  kind: string;
  payload: Json<Record<string, unknown>>;
  created_at: Timestamp;
  read_at: Timestamp | null;
}

/** Care-team history: assigned, discharged, lead-transferred. */
export interface CareEventsTable {
  id: string;
  patient_id: string;
  therapist_id: string;
  event: string;
  actor_id: string | null;
  created_at: Timestamp;
}

/** A patient's consent to share their data with a therapist. */
export interface DataSharingConsentsTable {
  patient_id: string;
  therapist_id: string;
  consented_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface PatientAccessCodesTable {
  patient_id: string;
  code: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** A weekly slot in the therapist's timezone; minutes from local midnight, end exclusive. */
export interface TherapistAvailabilityTable {
  id: string;
  therapist_id: string;
  day_of_week: number;
  start_minute: number;
  end_minute: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OnboardingSurveyResponsesTable {
  id: string;
  patient_id: string;
  url_suffix: string;
  survey_id: string | null;
  response_data: Json<Record<string, unknown>>;
  completed_at: Timestamp;
}

export interface PatientMetadataTable {
  patient_id: string;
  document_id: string;
  data: Json<Record<string, unknown>>;
  etag: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RewardSessionsTable {
  patient_id: string;
  session_id: string;
  points: number;
  is_recommended: boolean;
  duration_seconds: number;
  created_at: Timestamp;
}

export interface PushTokensTable {
  token: string;
  user_id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PushSettingsTable {
  user_id: string;
  enabled: boolean;
  updated_at: Timestamp;
}

export interface CareTables {
  moment_files: MomentFilesTable;
  patient_risk: PatientRiskTable;
  risk_events: RiskEventsTable;
  therapist_notifications: TherapistNotificationsTable;
  care_events: CareEventsTable;
  data_sharing_consents: DataSharingConsentsTable;
  patient_access_codes: PatientAccessCodesTable;
  therapist_availability: TherapistAvailabilityTable;
  onboarding_survey_responses: OnboardingSurveyResponsesTable;
  patient_metadata: PatientMetadataTable;
  reward_sessions: RewardSessionsTable;
  push_tokens: PushTokensTable;
  push_settings: PushSettingsTable;
}
