import type { ParseKeys } from 'i18next';
import { addPackageWords, usePackageTranslation, type I18n } from '@tend/i18n';
import en from './locales/en.json';

/**
 * @tend/auth's strings are its own namespace, `auth`, shipped in the bundle (English) and registered on the
 * app's i18next instance when first used; other languages are `src/locales/{lang}.json`, served in the app's
 * translations file (@tend/i18n's Vite plugin) and loaded with it. Keys are
 * typed (TendResources augmentation below) and src/i18n.test.ts fails when code uses a missing one.
 */
export const AUTH_NS = 'auth';
export { en as authEn };

declare module '@tend/i18n' {
  interface TendResources {
    auth: typeof en;
  }
}

/** Adds the English `auth` namespace to an i18next instance (idempotent). */
export function registerAuthTranslations(i18n: I18n): void {
  addPackageWords(i18n, AUTH_NS, en);
}

/** `ta` translates `auth` keys; `t` the common ones. */
export function useAuthTranslation() {
  const { t, tn: ta, i18n } = usePackageTranslation(AUTH_NS, registerAuthTranslations);
  return { t, ta, i18n };
}

/**
 * A key of the `auth` namespace written where a key of another namespace is expected (a route's title):
 * `'auth:<key>'`, typed, and seen by src/i18n.test.ts.
 */
export function authKey<K extends ParseKeys<'auth'>>(key: K): `auth:${K}` {
  return `${AUTH_NS}:${key}` as `auth:${K}`;
}
