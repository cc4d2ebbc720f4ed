import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from './init.ts';
import { DEFAULT_LANGUAGE, normaliseLanguage } from './locale.ts';

/** The `lang` query parameter of a search string, normalised; undefined when absent or invalid. */
export function langFromSearch(search: string): string | undefined {
  return normaliseLanguage(new URLSearchParams(search).get('lang'));
}

/**
 * For the pages that read `?lang=`: switches the interface to it (default en) and returns the language.
 * Pass the router's `location.search` so in-app navigation is followed; defaults to window.location.
 */
export function useLangQueryParam(search?: string, fallback: string = DEFAULT_LANGUAGE): string {
  const { i18n } = useTranslation();
  const lang =
    langFromSearch(search ?? (typeof window === 'undefined' ? '' : window.location.search)) ?? fallback;
  useEffect(() => {
    if (i18n.language !== lang) void changeLanguage(lang, i18n);
  }, [i18n, lang]);
  return lang;
}
