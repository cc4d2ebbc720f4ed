import { useDomainTranslation } from '../i18n.ts';
import en from './locales/en.json';

/** The therapist-profile subject's words (keys `therapist-profile.…` of the `domain` namespace). */
export const useTherapistProfileWords = () => useDomainTranslation('therapist-profile', en);
