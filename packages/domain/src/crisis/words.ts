import { useDomainTranslation } from '../i18n.ts';
import en from './locales/en.json';

/** The crisis subject's words (keys `crisis.…` of the `domain` namespace), bundled in the JavaScript: they never wait for a download. */
export const useCrisisWords = () => useDomainTranslation('crisis', en);
