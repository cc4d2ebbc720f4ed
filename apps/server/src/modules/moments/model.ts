// Moments as the contract sees them, over the core `moments` table (event_type, body jsonb, start/end).
//
// Idempotency: a moment is keyed by its `momentId` (client-chosen for adds and syncs; the contract makes
// it required). Storing a moment whose id is already stored for the same patient
//   - changes nothing when the copy is identical (same type, start, end and body), or when the incoming
//     `updatedAt` is not newer than the stored one ("the newer copy wins");
//   - otherwise replaces the stored copy.
// So the same batch sent twice is stored once, and its second answer counts every event as `unchanged`.
// A momentId already used by another patient answers 409 `moment_id_taken` (ids are global keys).
//
// Cursors (lastDoc, paginationCursor): newest first by (start, id); the cursor is the opaque base64url
// text of [startMs, id] of the last moment answered, and the next page holds the moments strictly after
// it in that order. Inserts of newer or older moments never shift a page already read (keyset paging).
import { isDeepStrictEqual } from 'node:util';
import type { Db } from '../../db/index.ts';
import { json } from '../../db/index.ts';
import { HttpError, validationError } from '../../http/errors.ts';
import { checkThoughtRecord, type ThoughtRecordBody } from '@tend/domain/cbt/thought-record';
import { CBT_ENTRY_TYPES } from '@tend/domain/moments/types';
import { checkScreening, flagFindings, noteScreeningChange, screeningFindings } from '../patients/risk.ts';

/** The CBT exercises' entries and the journal-like types: the apps' lists too (@tend/domain/moments/types). */
export { CBT_ENTRY_TYPES, JOURNAL_TYPES } from '@tend/domain/moments/types';

export const EVENT_TYPES = [
  'checkup',
  'journal',
  'note',
  'file',
  'activity',
  ...CBT_ENTRY_TYPES,
  'cbt-screening',
  'quiz',
  'phq9',
  'gad7',
  'relaxation',
  'positive-reading',
  'risk-factor',
  'resilience',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Types a patient may not write through add/sync: notes are the therapist's, files come from uploads. */
export const SERVER_ONLY_TYPES: readonly string[] = ['note', 'file'];

export const PROGRESS_TYPES = ['checkup', 'phq9', 'gad7', 'quiz', 'resilience', 'relaxation'] as const;

export interface MomentInput {
  momentId: string;
  eventType: string;
  start: number;
  end: number;
  updatedAt?: number;
  body: Record<string, unknown>;
  patientId?: string;
}

export interface Moment {
  momentId: string;
  patientId: string;
  eventType: string;
  start: number;
  end: number;
  updatedAt: number;
  body: Record<string, unknown>;
}

export interface MomentRow {
  id: string;
  patient_id: string;
  event_type: string;
  body: unknown;
  start_at: Date;
  end_at: Date;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export const ms = (d: Date | string) => new Date(d).getTime();

/** The URL of a file moment's content (getMomentContent). */
export function contentUrl(apiUrl: string, patientId: string, momentId: string): string {
  return `${apiUrl}/patients/${encodeURIComponent(patientId)}/moments/${encodeURIComponent(momentId)}/content`;
}

export function toMoment(row: MomentRow, apiUrl: string): Moment {
  const body = { ...((row.body ?? {}) as Record<string, unknown>) };
  if (row.event_type === 'file') body.downloadUrl = contentUrl(apiUrl, row.patient_id, row.id);
  return {
    momentId: row.id,
    patientId: row.patient_id,
    eventType: row.event_type,
    start: ms(row.start_at),
    end: ms(row.end_at),
    updatedAt: ms(row.updated_at),
    body,
  };
}

/**
 * Checks what the schema cannot: end not before start, screening totals and bands, a thought record's
 * beliefs, hot thought and re-ratings (the shared model, @tend/domain/cbt/thought-record).
 */
export function checkMoment(m: MomentInput, prefix = ''): void {
  if (m.end < m.start) {
    throw validationError('A moment cannot end before it starts.', {
      fields: { [`${prefix}end`]: 'must not be before start' },
    });
  }
  checkScreening(m.eventType, m.body, `${prefix}body`);
  if (m.eventType === 'cbt-automatic-thoughts') {
    const problem = checkThoughtRecord(m.body as ThoughtRecordBody);
    if (problem)
      throw validationError(problem.message, {
        fields: { [`${prefix}body.${problem.field}`]: problem.rule },
      });
  }
}

export type StoreOutcome = 'stored' | 'unchanged';

/**
 * Stores one moment of a patient (see the idempotency rule above) and raises the high-risk flag for a
 * newly stored screening result that needs it. Call inside a transaction.
 */
export async function storeMoment(
  db: Db,
  patientId: string,
  m: MomentInput,
  createdBy: string,
): Promise<{ outcome: StoreOutcome; row: MomentRow }> {
  const existing = await db
    .selectFrom('moments')
    .selectAll()
    .where('id', '=', m.momentId)
    .forUpdate()
    .executeTakeFirst();
  if (existing && existing.patient_id !== patientId) {
    throw new HttpError(409, 'moment_id_taken', 'This momentId is already used: choose another one.', {
      fields: { momentId: 'is already used' },
    });
  }
  const { updatedAt, body } = m;
  const cleanBody = { ...body };
  delete cleanBody.downloadUrl;
  if (existing) {
    const same =
      existing.event_type === m.eventType &&
      ms(existing.start_at) === m.start &&
      ms(existing.end_at) === m.end &&
      isDeepStrictEqual(existing.body, cleanBody);
    const notNewer = updatedAt !== undefined && updatedAt <= ms(existing.updated_at);
    if (same || notNewer) return { outcome: 'unchanged', row: existing as MomentRow };
    if (existing.event_type !== m.eventType) {
      throw new HttpError(409, 'moment_type_changed', 'A stored moment cannot change its type.', {
        fields: { eventType: `is ${existing.event_type}` },
      });
    }
  }
  const now = new Date();
  const values = {
    event_type: m.eventType,
    body: json(cleanBody),
    start_at: new Date(m.start),
    end_at: new Date(m.end),
    updated_at: updatedAt !== undefined ? new Date(updatedAt) : now,
  };
  const row = existing
    ? await db
        .updateTable('moments')
        .set(values)
        .where('id', '=', m.momentId)
        .returningAll()
        .executeTakeFirstOrThrow()
    : await db
        .insertInto('moments')
        .values({ id: m.momentId, patient_id: patientId, created_by: createdBy, created_at: now, ...values })
        .onConflict((oc) => oc.column('id').doNothing())
        .returningAll()
        .executeTakeFirst();
  // A concurrent submission of the same moment stored it first: this one is then an update of that copy.
  if (!row) return storeMoment(db, patientId, m, createdBy);
  // One risk event per questionnaire (keyed by the momentId): the early save of the safety flow, the submit,
  // retries and offline replays of the same result raise it once; an edit that drops item 9 is noted on it.
  const findings = screeningFindings(m.eventType, cleanBody);
  if (findings.length > 0) await flagFindings(db, patientId, findings, null, m.momentId);
  if (existing && m.eventType === 'phq9')
    await noteScreeningChange(db, patientId, m.momentId, findings, cleanBody);
  return { outcome: 'stored', row: row as MomentRow };
}
