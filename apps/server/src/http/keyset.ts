// Tend's keyset cursor (`paginationCursor`) of the lists that can grow: the sort key of a page's last row (and
// what the list wants to carry to its next page), as base64url JSON. The server reads only what it wrote: a
// cursor that is not one is a 400 on `paginationCursor`, never a 500 or a silent first page.
import { sql, type RawBuilder } from 'kysely';
import { badRequest } from './errors.ts';

const FIELD = 'paginationCursor';

/** The cursor of `value` (any JSON the list's `read` check accepts again). */
export function writeKeyset(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The value of a cursor this server wrote, as `read` checks it (undefined from `read`: not one of ours). */
export function readKeyset<T>(text: unknown, read: (value: unknown) => T | undefined): T {
  if (typeof text === 'string' && /^[A-Za-z0-9_-]{1,1024}$/.test(text)) {
    try {
      const value = read(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
      if (value !== undefined) return value;
    } catch {
      // answered below
    }
  }
  throw badRequest('This page cursor is not one the server gave out: start the list again.', {
    fields: { [FIELD]: 'is not a valid cursor' },
  });
}

/** The cursor a request gave, or undefined when it gave none. */
export function keysetOf<T>(query: Record<string, unknown>, read: (value: unknown) => T | undefined) {
  const text = query[FIELD];
  return text === undefined ? undefined : readKeyset(text, read);
}

/** Checks of a cursor's parts. */
export const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 256;
export const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= 512;
export const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
export const isTime = (v: unknown): v is number => Number.isSafeInteger(v);

/**
 * A timestamp column as whole microseconds since 1970 (a safe integer until the year 2255): cursors keep the
 * database's own precision, so rows that differ below a millisecond are neither repeated nor skipped.
 */
export const micros = (column: string | RawBuilder<unknown>) =>
  sql<
    string | null
  >`(extract(epoch from ${typeof column === 'string' ? sql.ref(column) : column}) * 1000000)::bigint`;

/** The timestamp of `micros` again, exactly. */
export const atMicros = (value: number) =>
  sql<Date>`(timestamptz 'epoch' + ${String(value)}::bigint * interval '1 microsecond')`;
