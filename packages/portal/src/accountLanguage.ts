import { useEffect, useRef } from 'react';
import { changeLanguage, getI18n, normaliseLanguage } from '@tend/i18n';

/** The interface language of an account's language (`es`, `en-GB` → `en`), if the app offers it. */
export function interfaceLanguage(accountLanguage: string | null | undefined, offered: readonly string[]): string | undefined {
  const primary = normaliseLanguage(accountLanguage)?.split('-')[0];
  return primary && offered.includes(primary) ? primary : undefined;
}

/**
 * Applies the signed-in account's language (saved with updateLanguage, on any device) to the interface when
 * the account summary brings it, and again whenever it changes; a language picked in this tab afterwards
 * stays until the account's language changes.
 */
export function useAccountLanguage(accountLanguage: string | null | undefined, offered: readonly string[]): void {
  const applied = useRef<string | undefined>(undefined);
  useEffect(() => {
    const lang = interfaceLanguage(accountLanguage, offered);
    if (!lang || applied.current === lang) return;
    applied.current = lang;
    const i18n = getI18n();
    if ((i18n.resolvedLanguage ?? i18n.language) !== lang) void changeLanguage(lang, i18n);
  }, [accountLanguage, offered]);
}
