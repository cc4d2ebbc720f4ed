import { useDomainTranslation } from '../i18n.ts';
import en from './locales/en.json';

/** The screening subject's words (keys `screening.…` of the `domain` namespace): the published PHQ-9 and GAD-7 wording. */
export const useScreeningWords = () => useDomainTranslation('screening', en);
