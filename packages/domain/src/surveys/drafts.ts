/**
 * Survey answers kept on the device until they are sent, so a person can stop and carry on later (after a
 * reload, a lost connection, closing the tab): one draft per signed-in person and survey, in IndexedDB (via
 * `idb`, as the moments outbox). Nothing here goes to the server; the draft is removed once the response is
 * stored. Without IndexedDB (a locked-down browser) the answers live only as long as the page.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { SurveyAnswers } from './model.ts';

export interface SurveyDraft {
  userId: string;
  urlSuffix: string;
  answers: SurveyAnswers;
  /** The question the person was on. */
  step: number;
  updatedAt: number;
}

interface DraftSchema extends DBSchema {
  drafts: { key: string; value: SurveyDraft & { key: string } };
}

const DB_NAME = 'tend-survey-drafts';
const keyOf = (userId: string, urlSuffix: string) => `${userId}\u0000${urlSuffix}`;

let dbPromise: Promise<IDBPDatabase<DraftSchema>> | undefined;
function database(): Promise<IDBPDatabase<DraftSchema>> {
  dbPromise ??= openDB<DraftSchema>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('drafts', { keyPath: 'key' });
    },
  });
  return dbPromise;
}

/** The kept draft of this person's survey, or undefined. */
export async function loadDraft(userId: string, urlSuffix: string): Promise<SurveyDraft | undefined> {
  const row = await (await database()).get('drafts', keyOf(userId, urlSuffix));
  if (!row) return undefined;
  const { key: _key, ...draft } = row;
  return draft;
}

/** Keeps (replaces) the draft. */
export async function saveDraft(draft: Omit<SurveyDraft, 'updatedAt'>): Promise<void> {
  const value = {
    ...draft,
    answers: structuredClone(draft.answers),
    updatedAt: Date.now(),
    key: keyOf(draft.userId, draft.urlSuffix),
  };
  await (await database()).put('drafts', value);
}

/** Forgets the draft (after the response was stored). */
export async function clearDraft(userId: string, urlSuffix: string): Promise<void> {
  await (await database()).delete('drafts', keyOf(userId, urlSuffix));
}

/** Closes the database (tests; a new call opens it again). */
export function closeDrafts(): void {
  void dbPromise?.then((db) => db.close());
  dbPromise = undefined;
}
