// Which moment types go where: the lists the apps and the server both follow (the server imports this file as
// `@tend/domain/moments/types`; no React, nothing but the contract's types).
import type { Moment } from '@tend/api/model';

/** The CBT exercises' entries (the screening aside): stored and listed as journal-like entries. */
export const CBT_ENTRY_TYPES = [
  'cbt-core-belief',
  'cbt-being-objective',
  'cbt-automatic-thoughts',
  'cbt-hot-thought',
  'cbt-evidence',
  'cbt-unhealthy',
] as const satisfies ReadonlyArray<Moment['eventType']>;

/** The types written through addJournalMoment (journal-like entries); every other type through addMoment. */
export const JOURNAL_TYPES: ReadonlyArray<Moment['eventType']> = ['journal', ...CBT_ENTRY_TYPES];
