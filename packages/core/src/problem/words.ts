import { useCoreTranslation } from '../i18n.ts';
import en from './locales/en.json';

/** The problem part's words (keys `problem.…` of the `core` namespace). */
export const useProblemWords = () => useCoreTranslation('problem', en);
