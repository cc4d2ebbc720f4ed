import { useDomainTranslation } from '../i18n.ts';
import en from './locales/en.json';

/** The problem subject's words (keys `problem.…` of the `domain` namespace). */
export const useProblemWords = () => useDomainTranslation('problem', en);
