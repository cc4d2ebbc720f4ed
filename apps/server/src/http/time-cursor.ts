// The `lastPage` cursor of a log read newest first, keyset-paged by (time, id): base64url JSON {t, i}.
// A cursor this server did not give is a 400 on `lastPage`.
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
