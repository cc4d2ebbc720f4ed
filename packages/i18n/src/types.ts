import type common from '../locales/en/common.json';

/** The four apps; each has its own namespace (named after it) beside `common`. */
export type TendApp = 'public' | 'patient' | 'therapist' | 'admin';

/** The shared namespace every app loads. */
export const COMMON_NS = 'common';

/**
 * The English resources, by namespace: the source of the typed keys. An app adds its namespace with
 * module augmentation (see README):
 *
 * ```ts
 * import type en from './locales/en.json';
 * declare module '@tend/i18n' {
 *   interface TendResources { patient: typeof en }
 * }
 * ```
 */
export interface TendResources {
  common: typeof common;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    fallbackNS: 'common';
    resources: TendResources;
  }
}
