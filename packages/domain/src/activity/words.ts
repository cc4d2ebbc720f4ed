import { useDomainTranslation } from '../i18n.ts';
import en from './locales/en.json';

/** The activity subject's words (keys `activity.…` of the `domain` namespace). */
export const useActivityWords = () => useDomainTranslation('activity', en);
