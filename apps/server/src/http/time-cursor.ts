// The `lastPage` cursor of a log read newest first, keyset-paged by (time, id): base64url JSON {t, i}.
// A cursor this server did not give is a 400 on `lastPage`.
import type { SelectQueryBuilder } from 'kysely';
import { newestFirstPage } from '../db/newest-first.ts';
import { badRequest } from './errors.ts';

export interface TimeCursor {
  /** ISO time of the last row of the page. */
  t: string;
  /** Its id (ties on time). */
  i: string;
}

export function readTimeCursor(value: string): TimeCursor {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as TimeCursor;
    if (typeof parsed.t === 'string' && typeof parsed.i === 'string' && !Number.isNaN(Date.parse(parsed.t)))
      return parsed;
  } catch {
    // answered below
  }
  throw badRequest('The lastPage cursor is not one this server gave.', {
    fields: { lastPage: 'is not a valid cursor' },
  });
}

/** The cursor after a page's last row. */
export function writeTimeCursor(at: Date | string, id: string): string {
  return Buffer.from(JSON.stringify({ t: new Date(at).toISOString(), i: id })).toString('base64url');
}

/**
 * A page of a log newest first by (created_at, id) of `table` (see newestFirstPage), after the row `cursor` names
 * (read by the caller, so a cursor this server did not give is refused first): the rows and the cursor after them
 * (null on the last page).
 */
export async function timeCursorPage<
  DB,
  TB extends keyof DB,
  O extends { id: string; created_at: Date | string },
>(
  query: SelectQueryBuilder<DB, TB, O>,
  table: string,
  cursor: TimeCursor | null,
  pageSize: number,
): Promise<{ page: O[]; lastPage: string | null }> {
  const { page, more } = await newestFirstPage(
    query,
    table,
    cursor && { at: new Date(cursor.t), id: cursor.i },
    pageSize,
  );
  const last = page.at(-1);
  return { page, lastPage: more && last ? writeTimeCursor(last.created_at, last.id) : null };
}
