import { useDomainTranslation } from '../i18n.ts';
import en from './locales/en.json';

/** The regions subject's words (keys `regions.…` of the `domain` namespace). */
export const useRegionWords = () => useDomainTranslation('regions', en);
