import type { ParseKeys } from 'i18next';
import { useTranslation, type I18n } from '@tend/i18n';
import en from './locales/en.json';

/**
 * @tend/portal's strings are its own namespace, `portal`, shipped in the bundle (English) and registered on
 * the app's i18next instance when first used. Keys are typed (TendResources below) and the missing-key scanner
 * (packages/i18n/src/scan.test.ts, key function `tp`) fails when code uses a missing one.
 */
export const PORTAL_NS = 'portal';
export { en as portalEn };

declare module '@tend/i18n' {
  interface TendResources {
    portal: typeof en;
  }
}

/** Adds the English `portal` namespace to an i18next instance (idempotent). */
export function registerPortalTranslations(i18n: I18n): void {
  // The translations' file may have given an empty English namespace first (English is bundled, not in the file).
  const bundle = i18n.getResourceBundle('en', PORTAL_NS) as Record<string, unknown> | undefined;
  if (!bundle || Object.keys(bundle).length === 0) i18n.addResourceBundle('en', PORTAL_NS, en, true, false);
}

/** `tp` translates `portal` keys; `t` the common ones. */
export function usePortalTranslation() {
  const { t, i18n } = useTranslation();
  registerPortalTranslations(i18n);
  const { t: tp } = useTranslation(PORTAL_NS);
  return { t, tp, i18n };
}

/** A key of the `portal` namespace where a key of another namespace is expected (a route's title). */
export function portalKey<K extends ParseKeys<'portal'>>(key: K): `portal:${K}` {
  return `${PORTAL_NS}:${key}` as `portal:${K}`;
}
