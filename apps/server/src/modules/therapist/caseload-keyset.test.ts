// The caseload's keyset cursor (paginationCursor): the whole list page by page with neither a repeated nor a
// missing row when rows tie on the sort key (the same flag, the same latest activity to the microsecond or
// none, the same names), stable while rows are added above, the filters kept, the older skip/limit unchanged,
// and a cursor the server did not give answered 400.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { insertPatientsBeside, walkPages, type CursorPage } from '../../../test/keyset.ts';
import { caller, createCareTestApp, pageAt, flagInPatientRisk } from '../patients/care-test-app.ts';

let t: TestApp;
let call: ReturnType<typeof caller>;

interface Page extends CursorPage {
  items: Array<{ patientId: string; risk: { highRisk: boolean }; lastActivityAt: string | null }>;
  skip: number;
  total: number;
}

const get = (query: string, user = 'therapist') =>
  pageAt<Page>(call, 'listAssignedPatients', '/therapist/assigned-patients', query, user);

/** Every page of `query` by the cursor, `limit` at a time (from the cursor `from` when given). */
async function walk(query: string, limit: number, from?: string | null) {
  const pages = await walkPages((cursorParam) => get(`limit=${limit}${query}${cursorParam}`), { from });
  return { ids: pages.flatMap((p) => p.items.map((i) => i.patientId)), pages };
}

const ALIKE = 23;

beforeAll(async () => {
  t = await createCareTestApp();
  call = caller(t);
  // Patients who tie on everything but their id: no activity, or one activity time shared to the
  // microsecond, or times apart by less than a millisecond; some flagged high-risk.
  const ids = Array.from({ length: ALIKE }, (_, i) => `keyset-${String(i).padStart(2, '0')}`);
  await insertPatientsBeside(t.db, 'therapist-1', ids, { first_name: 'Sam', last_name: 'Alike' });
  await t.db
    .insertInto('care_team')
    .values(ids.map((id) => ({ patient_id: id, therapist_id: 'therapist-1', role: 'lead' })))
    .execute();
  await sql`update patients set last_activity_at = timestamptz '2026-03-01 10:00:00.123456+00'
    where id in ('keyset-05', 'keyset-06', 'keyset-07', 'keyset-08')`.execute(t.db);
  await sql`update patients set last_activity_at = timestamptz '2026-03-01 10:00:00.123400+00' + (id::text < 'keyset-11')::int * interval '1 microsecond'
    where id in ('keyset-09', 'keyset-10', 'keyset-11', 'keyset-12')`.execute(t.db);
  // A flag written to patient_risk alone (as some writers do) orders the caseload too.
  await flagInPatientRisk(t.db, ['keyset-13', 'keyset-14', 'keyset-15']);
});
afterAll(() => t.close());

describe('the caseload by keyset cursor', () => {
  it('pages through ties without repeating or missing a row, in the order of one whole page', async () => {
    const whole = await get('limit=100');
    expect(whole.status).toBe(200);
    expect(whole.page.paginationCursor).toBeNull();
    const order = whole.page.items.map((i) => i.patientId);
    expect(order.filter((id) => id.startsWith('keyset-'))).toHaveLength(ALIKE);
    // High-risk first (the flag set through patient_risk alone counts).
    const flagged = whole.page.items.filter((i) => i.risk.highRisk).map((i) => i.patientId);
    expect(flagged.sort()).toEqual(['keyset-13', 'keyset-14', 'keyset-15']);
    expect(order.slice(0, 3).sort()).toEqual(flagged);
    for (const limit of [1, 2, 3, 7]) {
      const { ids, pages } = await walk('', limit);
      expect(ids).toEqual(order);
      expect(new Set(ids).size).toBe(ids.length);
      // Every page says where it starts and the first page's count.
      expect(pages.map((p) => p.skip)).toEqual(pages.map((_, i) => i * limit));
      expect(pages.every((p) => p.total === order.length)).toBe(true);
      expect(pages.at(-1)!.paginationCursor).toBeNull();
    }
  });

  it('agrees with the older skip/limit paging, which still works', async () => {
    const order = (await get('limit=100')).page.items.map((i) => i.patientId);
    const bySkip: string[] = [];
    for (let skip = 0; skip < order.length; skip += 4) {
      const { status, page } = await get(`limit=4&skip=${skip}`);
      expect(status).toBe(200);
      expect(page.skip).toBe(skip);
      bySkip.push(...page.items.map((i) => i.patientId));
    }
    expect(bySkip).toEqual(order);
  });

  it('keeps the filters it is given and continues where it was while patients are added above', async () => {
    const { ids } = await walk('&search=alike&highRisk=false', 4);
    expect(ids).toHaveLength(ALIKE - 3);
    expect(ids.every((id) => id.startsWith('keyset-'))).toBe(true);

    const first = await get('limit=5&search=alike');
    const seen = first.page.items.map((i) => i.patientId);
    // Someone new at the top of the list (high-risk) between two pages.
    await t.db.updateTable('patients').set({ high_risk: true }).where('id', '=', 'keyset-20').execute();
    const rest = await walk('&search=alike', 5, first.page.paginationCursor);
    const all = [...seen, ...rest.ids];
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((id) => id !== 'keyset-20').sort()).toEqual(
      Array.from({ length: ALIKE }, (_, i) => `keyset-${String(i).padStart(2, '0')}`)
        .filter((id) => id !== 'keyset-20')
        .sort(),
    );
    await t.db.updateTable('patients').set({ high_risk: false }).where('id', '=', 'keyset-20').execute();
  });

  it("only the caller's patients, whatever the cursor says", async () => {
    const first = await get('limit=2');
    const other = await get(`limit=100&paginationCursor=${first.page.paginationCursor!}`, 'therapist2');
    expect(other.status).toBe(200);
    expect(other.page.items.some((i) => i.patientId.startsWith('keyset-'))).toBe(false);
  });

  it('answers 400 for a cursor the server did not give', async () => {
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      'not a cursor!',
      'e30',
      b64({ a: 1 }),
      b64([1, 'soon', 'Alike', 'Sam', 'keyset-01', 0, 10]),
      b64([2, null, 'Alike', 'Sam', 'keyset-01', 0, 10]),
      b64([0, null, 'Alike', 'Sam', '', 0, 10]),
      b64([0, null, 'Alike', 'Sam', 'keyset-01', -1, 10]),
      b64([0, 1.5, 'Alike', 'Sam', 'keyset-01', 0, 10]),
      'x'.repeat(1025),
    ]) {
      const { status, page } = await get(`limit=5&paginationCursor=${encodeURIComponent(cursor)}`);
      expect(status, cursor).toBe(400);
      expect((page as unknown as { code: string }).code).toBe('invalid_request');
    }
  });
});
