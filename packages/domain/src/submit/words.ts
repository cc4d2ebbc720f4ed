import { useDomainTranslation } from '../i18n.ts';
import en from './locales/en.json';

/** The submit subject's words (keys `submit.…` of the `domain` namespace). */
export const useSubmitWords = () => useDomainTranslation('submit', en);
