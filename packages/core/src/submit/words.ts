import { useCoreTranslation } from '../i18n.ts';
import en from './locales/en.json';

/** The submit part's words (keys `submit.…` of the `core` namespace). */
export const useSubmitWords = () => useCoreTranslation('submit', en);
