import { useOutletContext } from 'react-router';
import type { PatientDetails } from '@tend/api/model';

/** What the record's layout gives its tabs. */
export interface RecordContext {
  patient: PatientDetails;
  /** The therapist's timezone (dates and times are shown in it). */
  timeZone: string | undefined;
  isLead: boolean;
}

export const useRecord = () => useOutletContext<RecordContext>();

/** What the record's header gives each of its dialogs about the patient: open or not, and the way out. */
export interface PatientDialogProps {
  opened: boolean;
  onClose(): void;
  patient: PatientDetails;
}
