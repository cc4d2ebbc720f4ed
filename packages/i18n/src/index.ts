import type { ParseKeys } from 'i18next';
import commonEn from '../locales/en/common.json';

export { commonEn };
export type { TendApp, TendResources } from './types.ts';
export { COMMON_NS } from './types.ts';
export { DEFAULT_LANGUAGE, normaliseLanguage, toLocale } from './locale.ts';
export * from './init.ts';
export { langFromSearch, useLangQueryParam } from './useLangQueryParam.ts';
export { addPackagePartWords, addPackageWords, usePackageTranslation } from './packageWords.ts';
export { I18nextProvider, Trans, useTranslation } from 'react-i18next';
export type { i18n as I18n, TFunction } from 'i18next';

/**
 * The languages offered in language pickers: code and the language's own name (a common key, the same in
 * every language: "English", "Español"). The patient's whole experience exists in each; the therapist and
 * admin apps are English only (their pickers offer `en` alone, see @tend/portal's `languages`).
 */
export const LANGUAGES = [
  { code: 'en', labelKey: 'languages.en' },
  { code: 'es', labelKey: 'languages.es' },
] as const satisfies readonly {
  code: string;
  labelKey: ParseKeys;
}[];

/**
 * Marks a literal translation key kept for later (a validator's message, a table of labels): typed against
 * the English resources, and seen by the missing-key scanner.
 */
export function tk<K extends ParseKeys>(key: K): K {
  return key;
}
