import { useDomainTranslation } from '../i18n.ts';
import en from './locales/en.json';

/** The intake subject's words (keys `intake.…` of the `domain` namespace): the queue, placing, the load. */
export const useIntakeWords = () => useDomainTranslation('intake', en);
