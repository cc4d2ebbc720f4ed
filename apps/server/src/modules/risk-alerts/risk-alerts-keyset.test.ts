// The risk alerts' keyset cursor (paginationCursor): newest first by creation then id, through alerts created at
// the same microsecond without a repeated or a missing one, stable while new alerts arrive, the status kept,
// the older skip/limit unchanged, and a cursor the server did not give answered 400.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { walkPages, type CursorPage } from '../../../test/keyset.ts';
import { ALERT_KIND } from '../duty/service.ts';
import { PATIENT_A, PATIENT_B, caller, createCareTestApp, pageAt } from '../patients/care-test-app.ts';

let t: TestApp;
let call: ReturnType<typeof caller>;

interface Page extends CursorPage {
  items: Array<{ alertId: string; acknowledgedAt: string | null }>;
  skip: number;
  total: number;
  unacknowledged: number;
}

const get = (query: string, user = 'therapist') =>
  pageAt<Page>(call, 'listRiskAlerts', '/therapist/risk-alerts', query, user);

/** Every page of `query` by the cursor, `limit` at a time (from the cursor `from` when given). */
async function walk(query: string, limit: number, from?: string | null) {
  const pages = await walkPages((cursorParam) => get(`limit=${limit}${query}${cursorParam}`), {
    from,
    most: 200,
  });
  return { ids: pages.flatMap((p) => p.items.map((i) => i.alertId)), pages };
}

const insertAlerts = (ids: string[], at: string, acknowledged = false) =>
  t.db
    .insertInto('therapist_notifications')
    .values(
      ids.map((id, i) => ({
        id,
        therapist_id: 'therapist-1',
        patient_id: i % 2 ? PATIENT_A : PATIENT_B,
        kind: ALERT_KIND,
        payload: JSON.stringify({ reason: 'Flagged.', source: 'therapist' }),
        created_at: sql<Date>`${at}::timestamptz`,
        route: 'care-team',
        ...(acknowledged ? { acknowledged_at: new Date(), acknowledged_by: 'therapist-1' } : {}),
      })),
    )
    .execute();

beforeAll(async () => {
  t = await createCareTestApp();
  call = caller(t);
  // 12 at one microsecond, 6 a microsecond later, 5 acknowledged at another time.
  await insertAlerts(
    Array.from({ length: 12 }, (_, i) => `same-${String(i).padStart(2, '0')}`),
    '2026-03-01 10:00:00.123456+00',
  );
  await insertAlerts(
    Array.from({ length: 6 }, (_, i) => `next-${i}`),
    '2026-03-01 10:00:00.123457+00',
  );
  await insertAlerts(
    Array.from({ length: 5 }, (_, i) => `done-${i}`),
    '2026-02-01 09:00:00+00',
    true,
  );
});
afterAll(() => t.close());

describe('risk alerts by keyset cursor', () => {
  it('pages through alerts created at the same instant without repeating or missing one', async () => {
    for (const status of ['unacknowledged', 'acknowledged', 'all']) {
      const whole = await get(`status=${status}&limit=100`);
      expect(whole.status).toBe(200);
      expect(whole.page.paginationCursor).toBeNull();
      const order = whole.page.items.map((a) => a.alertId);
      expect(order.length).toBe(status === 'all' ? 23 : status === 'acknowledged' ? 5 : 18);
      for (const limit of [1, 4, 5]) {
        const { ids, pages } = await walk(`&status=${status}`, limit);
        expect(ids).toEqual(order);
        expect(pages.map((p) => p.skip)).toEqual(pages.map((_, i) => i * limit));
        expect(pages.every((p) => p.unacknowledged === 18)).toBe(true);
      }
    }
    // Newest first, ties by id (descending).
    const open = (await get('limit=100')).page.items.map((a) => a.alertId);
    expect(open.slice(0, 6)).toEqual(['next-5', 'next-4', 'next-3', 'next-2', 'next-1', 'next-0']);
  });

  it('neither repeats nor hides an alert when a new one arrives between pages; skip/limit still works', async () => {
    const first = await get('limit=5');
    await insertAlerts(['arrived'], '2026-03-02 08:00:00+00');
    const rest = await walk('', 5, first.page.paginationCursor);
    const seen = [...first.page.items.map((a) => a.alertId), ...rest.ids];
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(18);
    expect(seen).not.toContain('arrived');
    const bySkip = await get('limit=5&skip=5');
    expect(bySkip.status).toBe(200);
    expect(bySkip.page.skip).toBe(5);
    expect(bySkip.page.items[0]!.alertId).toBe(first.page.items[4]!.alertId);
  });

  it("answers 400 for a cursor the server did not give, and shows only the caller's alerts", async () => {
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of ['%%%', b64([1, 'a']), b64(['x', 'a', 0]), b64([1, 'a', -2]), b64({})]) {
      const { status } = await get(`limit=5&paginationCursor=${encodeURIComponent(cursor)}`);
      expect(status, cursor).toBe(400);
    }
    const first = await get('limit=2');
    const other = await get(`limit=50&paginationCursor=${first.page.paginationCursor!}`, 'therapist2');
    expect(other.status).toBe(200);
    expect(other.page.items.some((a) => a.alertId.startsWith('same-'))).toBe(false);
  });
});
