// Tables and columns of migration 0120: the duty rota, one risk event per questionnaire, how each
// alert reached its therapist, and the escalation steps.
import type { Json, Nullable, Timestamp } from './columns.ts';

declare module './care.ts' {
  interface RiskEventsTable {
    /** A screening result's key (its momentId): one risk event per questionnaire. */
    questionnaire_key: Nullable<string>;
  }
  interface TherapistNotificationsTable {
    /** The risk event a high-risk alert is for. */
    risk_event_id: Nullable<string>;
    /** How the alert reached its therapist: care-team, duty, escalation or take-on (null before 0120). */
    route: Nullable<string>;
  }
}

/** A therapist on duty for an organisation: every day (day_of_week null) or one weekday (1 = Monday … 7). */
export interface OrganisationDutyShiftsTable {
  id: string;
  organisation_id: string;
  therapist_id: string;
  day_of_week: number | null;
  /** Minutes from midnight in the therapist's own timezone; end_minute is exclusive (1440 = midnight). */
  start_minute: number;
  end_minute: number;
  created_at: Timestamp;
}

/** One escalation step of a risk event's alerts: 1 = every duty clinician, 2 = the administrators by e-mail. */
export interface RiskEscalationsTable {
  id: string;
  patient_id: string;
  risk_event_id: string;
  level: number;
  therapist_ids: Json<string[]>;
  emailed: Json<string[]>;
  created_at: Timestamp;
}

export interface DutyTables {
  organisation_duty_shifts: OrganisationDutyShiftsTable;
  risk_escalations: RiskEscalationsTable;
}
