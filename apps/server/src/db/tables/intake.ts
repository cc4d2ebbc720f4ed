// Tables of intake (placing waiting patients with a therapist); the migration is ../migrations/0210_intake_assignments.ts.
import type { Nullable, Timestamp } from './columns.ts';

/** One placement of a patient with a lead therapist: from the intake queue, or moved from another therapist. */
export interface CareAssignmentsTable {
  id: string;
  patient_id: string;
  organisation_id: string;
  therapist_id: string;
  /** The lead therapist the patient was moved from (null for a placement from the queue). */
  handed_over_by: Nullable<string>;
  reason: Nullable<string>;
  actor_id: Nullable<string>;
  created_at: Timestamp;
}

export interface IntakeTables {
  care_assignments: CareAssignmentsTable;
}
