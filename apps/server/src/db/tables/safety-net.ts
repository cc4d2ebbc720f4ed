// Tables of the patient's safety net; the migration is ../migrations/0130_safety_plan_sharing.ts.
import type { Timestamp } from './columns.ts';

/** The patient's choice about their safety plan: no row = shared with the care team (the default). */
export interface SafetyPlanSharingTable {
  patient_id: string;
  shared: boolean;
  changed_at: Timestamp;
}

export interface SafetyNetTables {
  safety_plan_sharing: SafetyPlanSharingTable;
}
