import { useDomainTranslation } from '../i18n.ts';
import en from './locales/en.json';

/** The moments subject's words (keys `moments.…` of the `domain` namespace). */
export const useMomentWords = () => useDomainTranslation('moments', en);
