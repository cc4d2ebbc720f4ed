import { useDomainTranslation } from '../i18n.ts';
import en from './locales/en.json';
import { MAX_UPLOAD_BYTES, type FileProblem } from './model.ts';

/** The patient-record subject's words (keys `patient-record.…` of the `domain` namespace). */
export const usePatientRecordWords = () => useDomainTranslation('patient-record', en);

/** What the upload form says: the accepted files and size (before choosing), and why a file cannot go. */
export function useUploadWords() {
  const { td } = usePatientRecordWords();
  const size = MAX_UPLOAD_BYTES / 1024 / 1024;
  return {
    limits: () => td('patient-record.upload.limits', { size }),
    problem: (problem: FileProblem) => td(`patient-record.upload.problems.${problem}`, { size }),
  };
}
