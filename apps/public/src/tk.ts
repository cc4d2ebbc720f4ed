import type { ParseKeys } from 'i18next';

/** A key of this app's namespace kept for later (route titles): typed, and seen by the missing-key scanner. */
export function tk<K extends ParseKeys<'public'>>(key: K): K {
  return key;
}
