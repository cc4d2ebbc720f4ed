import { useDomainTranslation } from '../i18n.ts';
import en from './locales/en.json';

/** The message-alerts subject's words (keys `message-alerts.…` of the `domain` namespace). */
export const useMessageAlertWords = () => useDomainTranslation('message-alerts', en);
