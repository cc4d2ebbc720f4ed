/** English is the only default language; its locale (dates, numbers) is en-GB. */
export const DEFAULT_LANGUAGE = 'en';

/**
 * Intl locale of each language whose locale is not simply its code. Spanish is neutral international
 * Spanish (`es`), with "usted".
 */
const LOCALES: Record<string, string> = { en: 'en-GB' };

/** A language code as the app accepts it: `en`, `pt-BR`, `zh-Hant`; anything else is refused. */
const LANGUAGE_PATTERN = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/;

/** The normalised language of a raw value (a query parameter, an account setting), or undefined. */
export function normaliseLanguage(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  const value = raw.trim().replace('_', '-');
  if (!LANGUAGE_PATTERN.test(value)) return undefined;
  const [primary, region] = value.split('-');
  return region ? `${primary!.toLowerCase()}-${region}` : primary!.toLowerCase();
}

/** The Intl locale of a language: en → en-GB; others (en-US, fr) keep their own code. */
export function toLocale(language: string | undefined): string {
  const lang = normaliseLanguage(language) ?? DEFAULT_LANGUAGE;
  return LOCALES[lang] ?? lang;
}
