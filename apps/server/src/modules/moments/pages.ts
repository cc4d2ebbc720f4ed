// A patient's moments in pages (tag `moments`, and the therapist's reads of them): the opaque cursor, newest
// first by (start, id) (see ./model.ts for the rules), one page, one moment, and the latest of some types.
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { validationError } from '../../http/errors.ts';
import { ms, type MomentRow } from './model.ts';

export interface Cursor {
  start: number;
  id: string;
}

export function encodeCursor(row: { start_at: Date; id: string }): string {
  return Buffer.from(JSON.stringify([ms(row.start_at), row.id])).toString('base64url');
}

/** Reads a cursor this server issued (400 `invalid_request` for anything else). */
export function decodeCursor(text: string, field: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      Number.isSafeInteger(value[0]) &&
      value[0] >= 0 &&
      typeof value[1] === 'string' &&
      /^[A-Za-z0-9_-]{1,64}$/.test(value[1])
    ) {
      return { start: value[0] as number, id: value[1] };
    }
  } catch {
    // fall through
  }
  throw validationError('This page cursor is not one the server gave out.', {
    fields: { [field]: 'is not a valid cursor' },
  });
}

export interface PageQuery {
  patientId: string;
  types?: readonly string[];
  /** start >= from */
  from?: number;
  /** start < before */
  before?: number;
  limit: number;
  cursor?: Cursor;
  /** Leave out therapist notes not shared with the patient (the patient's own view). */
  hidePrivateNotes?: boolean;
}

/** What the patient sees of their own moments: all but the therapist notes not shared with them. */
const seenByPatient = (eb: ExpressionBuilder<Database, 'moments'>) =>
  eb.or([eb('event_type', '<>', 'note'), eb(sql<string>`body->>'visibleToPatient'`, '=', 'true')]);

/** One page of a patient's moments, newest first, with the cursor of the next page (null at the end). */
export async function pageMoments(db: Db, q: PageQuery): Promise<{ rows: MomentRow[]; next: string | null }> {
  let query = db.selectFrom('moments').selectAll().where('patient_id', '=', q.patientId);
  if (q.types && q.types.length > 0) query = query.where('event_type', 'in', [...q.types]);
  if (q.from !== undefined) query = query.where('start_at', '>=', new Date(q.from));
  if (q.before !== undefined) query = query.where('start_at', '<', new Date(q.before));
  if (q.hidePrivateNotes) {
    query = query.where(seenByPatient);
  }
  if (q.cursor) {
    const at = new Date(q.cursor.start);
    const id = q.cursor.id;
    query = query.where((eb) =>
      eb.or([eb('start_at', '<', at), eb.and([eb('start_at', '=', at), eb('id', '<', id)])]),
    );
  }
  const rows = (await query
    .orderBy('start_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit + 1)
    .execute()) as MomentRow[];
  const more = rows.length > q.limit;
  const page = more ? rows.slice(0, q.limit) : rows;
  return { rows: page, next: more ? encodeCursor(page[page.length - 1]!) : null };
}

/** One moment of a patient (undefined when there is none, or it is a note the patient may not see). */
export async function findMoment(
  db: Db,
  q: { patientId: string; momentId: string; hidePrivateNotes: boolean },
): Promise<MomentRow | undefined> {
  let query = db
    .selectFrom('moments')
    .selectAll()
    .where('patient_id', '=', q.patientId)
    .where('id', '=', q.momentId);
  if (q.hidePrivateNotes) {
    query = query.where(seenByPatient);
  }
  return (await query.executeTakeFirst()) as MomentRow | undefined;
}

/** The latest moments of some types for a patient, newest first. */
export async function latestMoments(
  db: Db,
  patientId: string,
  types: readonly string[],
  limit: number,
): Promise<MomentRow[]> {
  return (await db
    .selectFrom('moments')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('event_type', 'in', [...types])
    .orderBy('start_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()) as MomentRow[];
}
