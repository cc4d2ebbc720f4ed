// Tables and columns of the therapist console's caseload, risk alerts and welfare contacts;
// the migration is ../migrations/0030_risk_alerts_welfare_contacts.ts.
import type { ColumnType } from 'kysely';
import type { Timestamp } from './columns.ts';

/** The one person a patient allows their care team to ask to check in on them (welfare e-mail). */
export interface PatientWelfareContactsTable {
  patient_id: string;
  name: string;
  email: string;
  /** How the person is related to the patient (0140; null when not said). */
  relationship: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
}

// The column 0140 adds to welfare_emails: the patient a care team's welfare e-mail was about (null for a
// person's own "let someone know" e-mail).
declare module './core.ts' {
  interface WelfareEmailsTable {
    patient_id: ColumnType<string | null, string | null | undefined, string | null>;
  }
}

// The column 0031 adds to patients (kept by a trigger on moments): the patient's latest own activity.
declare module './core.ts' {
  interface PatientsTable {
    last_activity_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  }
}

// Columns 0030 adds to the care tables' therapist_notifications (a `high-risk` notification is an alert).
declare module './care.ts' {
  interface TherapistNotificationsTable {
    /** When the therapist acknowledged the alert (null while open). */
    acknowledged_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
    /** Who acknowledged it (the therapist the alert is for). */
    acknowledged_by: ColumnType<string | null, string | null | undefined, string | null>;
    /** What they did about it. */
    acknowledgement_note: ColumnType<string | null, string | null | undefined, string | null>;
  }
}

/** When a therapist last opened a patient's record ("since you last looked"; migration 0265). */
export interface PatientRecordViewsTable {
  therapist_id: string;
  patient_id: string;
  /** The instant the record was seen up to (the summary shown then). */
  seen_at: Timestamp;
}

export interface CaseloadTables {
  patient_welfare_contacts: PatientWelfareContactsTable;
  patient_record_views: PatientRecordViewsTable;
}
