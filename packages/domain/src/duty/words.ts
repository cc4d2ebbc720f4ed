import { useDomainTranslation } from '../i18n.ts';
import en from './locales/en.json';

/** The duty subject's words (keys `duty.…` of the `domain` namespace). */
export const useDutyWords = () => useDomainTranslation('duty', en);
