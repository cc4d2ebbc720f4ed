// Tables of part 2's admin area (organisations, surveys, reporting, dashboards, the job queue). Kysely
// table interfaces; the migration is ../migrations/0006_admin_orgs_surveys_reports.ts.
import type { ColumnType, Generated } from 'kysely';
import type { Json, NullableTimestamp, Timestamp } from './columns.ts';

/** A patient added to an organisation (one access-code redemption). */
export interface OrganisationRedemptionsTable {
  id: string;
  organisation_id: string;
  patient_id: string;
  redeemed_by: string | null;
  redeemed_at: Timestamp;
}

/** An organisation logo uploaded through the image upload policy. */
export interface OrganisationImagesTable {
  id: string;
  content_type: string;
  size: number;
  data: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
  uploaded_by: string | null;
  created_at: Timestamp;
}

/** A survey: its type and config (SurveyConfig: title, urlSuffix, questions …), ETag-versioned. */
export interface SurveysTable {
  id: string;
  type: string;
  config: Json<Record<string, unknown>>;
  etag: string;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SurveyOrganisationsTable {
  survey_id: string;
  organisation_id: string;
  created_at: Timestamp;
}

export type ReportStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface ReportsTable {
  id: string;
  name: string;
  type: string;
  status: ReportStatus;
  organisation_ids: Json<string[]>;
  /** YYYY-MM-DD, inclusive */
  from_date: string;
  /** YYYY-MM-DD, exclusive */
  to_date: string;
  include_children: boolean;
  /** The organisation whose scheduler made this report (null for reports asked for by hand). */
  scheduled_for: string | null;
  created_by: string | null;
  attempts: Generated<number>;
  error: string | null;
  row_count: number | null;
  csv: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  started_at: NullableTimestamp;
  completed_at: NullableTimestamp;
}

export interface ReportSchedulesTable {
  organisation_id: string;
  enabled: boolean;
  frequency: 'daily' | 'weekly' | 'monthly';
  day_of_week: number | null;
  day_of_month: number | null;
  hour: number;
  recipients: Json<string[]>;
  report_type: string;
  last_run_at: NullableTimestamp;
  next_run_at: NullableTimestamp;
  updated_by: string | null;
  updated_at: Timestamp;
}

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** The database-kept job queue (src/jobs). */
export interface JobsTable {
  id: string;
  kind: string;
  payload: Json<Record<string, unknown>>;
  status: JobStatus;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: Timestamp;
  locked_by: string | null;
  locked_at: NullableTimestamp;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: NullableTimestamp;
}

export interface AdminTables {
  organisation_redemptions: OrganisationRedemptionsTable;
  organisation_images: OrganisationImagesTable;
  surveys: SurveysTable;
  survey_organisations: SurveyOrganisationsTable;
  reports: ReportsTable;
  report_schedules: ReportSchedulesTable;
  jobs: JobsTable;
}
