// Test support of the keyset-cursor lists (caseload, risk alerts, the therapist's chats): walking a list page by
// page, and the many rows alike such tests insert (patients beside a therapist, one open chat each).
import { sql, type RawBuilder } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../src/db/index.ts';

/** One page of a keyset-paged list. */
export interface CursorPage {
  paginationCursor?: string | null;
}

/**
 * Every page of a list by its keyset cursor: `fetchPage` gets the cursor parameter to add to its query (`''` on
 * the first page, else `&paginationCursor=…`) and answers the status and the page; each must answer 200.
 * Starts at `from` when given; stops after `most` pages (so a cursor that never ends fails the test, not hangs it).
 */
export async function walkPages<P extends CursorPage>(
  fetchPage: (cursorParam: string) => Promise<{ status: number; page: P }>,
  options: { from?: string | null; most?: number } = {},
): Promise<P[]> {
  const pages: P[] = [];
  let cursor = options.from;
  do {
    const { status, page } = await fetchPage(cursor ? `&paginationCursor=${encodeURIComponent(cursor)}` : '');
    expect(status, JSON.stringify(page)).toBe(200);
    pages.push(page);
    cursor = page.paginationCursor;
  } while (cursor && pages.length < (options.most ?? 500));
  return pages;
}

/** Patients `ids`, named alike, in the organisation of `therapistId` (returned). */
export async function insertPatientsBeside(
  db: Db,
  therapistId: string,
  ids: string[],
  name: { first_name: string; last_name: string },
): Promise<string> {
  const { organisation_id } = await db
    .selectFrom('therapists')
    .select('organisation_id')
    .where('id', '=', therapistId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('patients')
    .values(ids.map((id) => ({ id, organisation_id, email: `${id}@example.com`, ...name, high_risk: false })))
    .execute();
  return organisation_id;
}

/**
 * One chat a patient (`s-<patient id>`, created 2026-03-01 10:00 UTC) with therapist-1 as its lead, the patient
 * taking part; `session` gives each its status and latest activity.
 */
export async function insertChatsWithTherapist1(
  db: Db,
  patientIds: string[],
  session: (id: string, i: number) => { status: 'active' | 'ended'; last_activity_at: RawBuilder<Date> },
): Promise<void> {
  await db
    .insertInto('chat_sessions')
    .values(
      patientIds.map((id, i) => ({
        id: `s-${id}`,
        patient_id: id,
        therapist_id: 'therapist-1',
        emergency: false,
        transport: null,
        created_at: sql<Date>`timestamptz '2026-03-01 10:00:00+00'`,
        ...session(id, i),
      })),
    )
    .execute();
  await db
    .insertInto('chat_participants')
    .values(
      patientIds.flatMap((id) => [
        { session_id: `s-${id}`, user_id: 'therapist-1', role: 'lead' as const },
        { session_id: `s-${id}`, user_id: id, role: 'patient' as const },
      ]),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
