import { useCallback, useEffect, useRef } from 'react';
import { changeLanguage, getI18n, normaliseLanguage } from '@tend/i18n';

/** The interface language of an account's language (`es`, `en-GB` → `en`), if the app offers it. */
export function interfaceLanguage(
  accountLanguage: string | null | undefined,
  offered: readonly string[],
): string | undefined {
  const primary = normaliseLanguage(accountLanguage)?.split('-')[0];
  return primary && offered.includes(primary) ? primary : undefined;
}

/**
 * Applies the signed-in account's language (saved with updateLanguage, on any device) to the interface when
 * the account summary brings it, and again whenever it changes. Answers `picked(code)`, to call when the person
 * picks a language in this tab: from then on their choice stands (an account summary read late, e.g. after an
 * offline start, never switches the page back to the language saved before).
 */
export function useAccountLanguage(
  accountLanguage: string | null | undefined,
  offered: readonly string[],
): (code: string) => void {
  const applied = useRef<string | undefined>(undefined);
  const picked = useRef(false);
  useEffect(() => {
    const lang = interfaceLanguage(accountLanguage, offered);
    if (picked.current || !lang || applied.current === lang) return;
    applied.current = lang;
    const i18n = getI18n();
    if ((i18n.resolvedLanguage ?? i18n.language) !== lang) void changeLanguage(lang, i18n);
  }, [accountLanguage, offered]);
  return useCallback((code: string) => {
    picked.current = true;
    applied.current = code;
  }, []);
}
