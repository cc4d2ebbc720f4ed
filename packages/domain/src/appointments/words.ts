import { useDomainTranslation } from '../i18n.ts';
import en from './locales/en.json';

/** The appointments subject's words (keys `appointments.…` of the `domain` namespace). */
export const useAppointmentWords = () => useDomainTranslation('appointments', en);
