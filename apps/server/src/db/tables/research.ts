import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/** A patient's answer to their organisation's research question (migration 0150). */
export interface ResearchConsentsTable {
  patient_id: string;
  organisation_id: string | null;
  study_id: string | null;
  consented: boolean;
  answered_at: Timestamp;
}

/** One row per UTC day the retention job was scheduled (the key makes it once across instances). */
export interface RetentionRunsTable {
  run_date: ColumnType<string, string, string>;
  scheduled_by: string;
  scheduled_at: Timestamp;
}

/** What a retention run removed for an organisation, and the retention in force. */
export interface RetentionLogTable {
  id: Generated<string>;
  run_date: ColumnType<string, string, string>;
  organisation_id: string;
  retention_days: number;
  cutoff: Timestamp;
  moments_removed: number;
  /** Survey responses removed (migration 0220). */
  survey_responses_removed: ColumnType<number, number | undefined, number>;
  /** Exercise sessions (rewards) removed (migration 0220). */
  reward_sessions_removed: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface ResearchTables {
  research_consents: ResearchConsentsTable;
  retention_runs: RetentionRunsTable;
  retention_log: RetentionLogTable;
}
