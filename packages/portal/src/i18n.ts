import type { ParseKeys } from 'i18next';
import { addPackageWords, usePackageTranslation, type I18n } from '@tend/i18n';
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
  addPackageWords(i18n, PORTAL_NS, en);
}

/** `tp` translates `portal` keys; `t` the common ones. */
export function usePortalTranslation() {
  const { t, tn: tp, i18n } = usePackageTranslation(PORTAL_NS, registerPortalTranslations);
  return { t, tp, i18n };
}

/** A key of the `portal` namespace where a key of another namespace is expected (a route's title). */
export function portalKey<K extends ParseKeys<'portal'>>(key: K): `portal:${K}` {
  return `${PORTAL_NS}:${key}` as `portal:${K}`;
}
