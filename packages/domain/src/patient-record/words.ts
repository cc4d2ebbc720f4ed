import { useDomainTranslation } from '../i18n.ts';
import en from './locales/en.json';

/** The patient-record subject's words (keys `patient-record.…` of the `domain` namespace). */
export const usePatientRecordWords = () => useDomainTranslation('patient-record', en);
