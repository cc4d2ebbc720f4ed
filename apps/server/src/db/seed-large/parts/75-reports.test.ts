import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callContract, type TestApp } from '../../../../test/helpers.ts';
import { BENCH_ADMIN, createLargePartApp } from '../../../../test/large-seed.ts';
import part, { BENCH_REPORTS, benchReportId } from './75-reports.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createLargePartApp(part, { admin: BENCH_ADMIN });
});
afterAll(async () => t?.close());

describe('the reports benchmark’s data', () => {
  it(`lists ${BENCH_REPORTS.toLocaleString('en-GB')} reports of Tend Health newest first, paged with the cursor to the end`, async () => {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/reporting?limit=100${cursor ? `&paginationCursor=${cursor}` : ''}`;
      const page = await callContract(t.app, 'listReports', {
        method: 'GET',
        url,
        headers: { 'x-test-user': 'admin' },
      });
      expect(page.res.statusCode).toBe(200);
      ids.push(...page.body.items.map((r: { reportId: string }) => r.reportId));
      cursor = page.body.paginationCursor;
    } while (cursor);
    expect(ids).toHaveLength(BENCH_REPORTS);
    expect(ids.slice(0, 2)).toEqual([benchReportId(1), benchReportId(2)]);
    expect(ids.at(-1)).toBe(benchReportId(BENCH_REPORTS));
  });
});
