import { useDomainTranslation } from '../i18n.ts';
import en from './locales/en.json';

/** The risk-alerts subject's words (keys `risk-alerts.…` of the `domain` namespace). */
export const useRiskWords = () => useDomainTranslation('risk-alerts', en);
