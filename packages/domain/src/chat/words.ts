import { useDomainTranslation } from '../i18n.ts';
import en from './locales/en.json';

/** The chat subject's words (keys `chat.…` of the `domain` namespace). */
export const useChatWords = () => useDomainTranslation('chat', en);
