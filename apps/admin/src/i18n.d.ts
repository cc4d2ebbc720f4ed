import type en from './locales/en.json';

declare module '@tend/i18n' {
  interface TendResources {
    admin: typeof en;
  }
}
