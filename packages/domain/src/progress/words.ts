import { useDomainTranslation } from '../i18n.ts';
import en from './locales/en.json';

/** The progress subject's words (keys `progress.…` of the `domain` namespace). */
export const useProgressWords = () => useDomainTranslation('progress', en);
