import { useDomainTranslation } from '../i18n.ts';
import en from './locales/en.json';

/** The research subject's words (keys `research.…` of the `domain` namespace). */
export const useResearchWords = () => useDomainTranslation('research', en);
