import { describe, expect, it } from 'vitest';
import { BENCH_ADMIN, largePartApp } from '../../../../test/large-seed.ts';
import part, { BENCH_REPORTS, benchReportId } from './75-reports.ts';

const { op } = largePartApp(part, { admin: BENCH_ADMIN });

describe('the reports benchmark’s data', () => {
  it(`lists ${BENCH_REPORTS.toLocaleString('en-GB')} reports of Tend Health newest first, paged with the cursor to the end`, async () => {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const query: Record<string, string> = { limit: '100' };
      if (cursor) query.paginationCursor = cursor;
      const page = await op('admin', 'listReports', { query });
      expect(page.res.statusCode).toBe(200);
      ids.push(...page.body.items.map((r: { reportId: string }) => r.reportId));
      cursor = page.body.paginationCursor;
    } while (cursor);
    expect(ids).toHaveLength(BENCH_REPORTS);
    expect(ids.slice(0, 2)).toEqual([benchReportId(1), benchReportId(2)]);
    expect(ids.at(-1)).toBe(benchReportId(BENCH_REPORTS));
  });
});
