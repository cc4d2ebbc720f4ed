import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TendResources } from './types.ts';

/**
 * The packages (@tend/auth, @tend/portal, @tend/core, @tend/domain) bring their English words in their
 * bundles and add them to the app's i18next instance when first used; other languages come with the app's
 * translations file. These are the steps they share.
 */

/**
 * Adds a package's English words as its namespace (idempotent). The translations' file may have given an
 * empty English namespace first (English is bundled, not in the file): that counts as not added yet.
 */
export function addPackageWords(i18n: I18n, ns: string, en: object): void {
  const bundle = i18n.getResourceBundle('en', ns) as Record<string, unknown> | undefined;
  if (!bundle || Object.keys(bundle).length === 0) i18n.addResourceBundle('en', ns, en, true, false);
}

/**
 * Adds one part's English words (`src/<part>/locales/en.json`) under the part's name to a namespace made of
 * parts, so an app carries only the words of the parts it uses (idempotent).
 */
export function addPackagePartWords(i18n: I18n, ns: string, part: string, en: object): void {
  const bundle = i18n.getResourceBundle('en', ns) as Record<string, unknown> | undefined;
  if (!bundle?.[part]) i18n.addResourceBundle('en', ns, { [part]: en }, true, false);
}

/**
 * A package's translation hook: `register` adds its English words first, then `tn` translates the keys of
 * its namespace and `t` the common ones.
 */
export function usePackageTranslation<N extends keyof TendResources>(ns: N, register: (i18n: I18n) => void) {
  const { t, i18n } = useTranslation();
  register(i18n);
  const { t: tn } = useTranslation(ns);
  return { t, tn, i18n };
}
