/**
 * The admin console's reports benchmark data: many finished reports of the demo root organisation, so the
 * reports list, its cursor paging and its scrolling are measured at the size years of use reach.
 *
 * BENCH_DATA: 10,000 reports `bench-report-00001` … `bench-report-10000` ("Bench usage report 00001" …) over
 * `org-tend-health` (administered by admin@example.com), of every report
 * type, every 6 hours going back from now; most succeeded (with a small CSV), about 1 in 20 failed. Asked
 * for by the demo administrator. None is pending (no job runs them).
 */
import { json } from '../../index.ts';
import { random } from '../../seed-data.ts';
import { inBatches, type LargeSeedPart } from '../index.ts';

export const BENCH_REPORTS = 10_000;
const TYPES = ['usage', 'screening-outcomes', 'engagement', 'chat-activity', 'survey-responses'] as const;
const HOUR = 3_600_000;

export const benchReportId = (i: number) => `bench-report-${String(i).padStart(5, '0')}`;

const part: LargeSeedPart = {
  name: `${BENCH_REPORTS.toLocaleString('en-GB')} reports of Tend Health`,
  async seed({ db, demo }) {
    const { next } = random(20261125);
    const now = Date.now();
    const rows = Array.from({ length: BENCH_REPORTS }, (_, k) => {
      const i = k + 1;
      const type = TYPES[i % TYPES.length]!;
      const created = new Date(now - i * 6 * HOUR);
      const to = new Date(Date.UTC(created.getUTCFullYear(), created.getUTCMonth(), 1));
      const from = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() - 1, 1));
      const status: 'failed' | 'succeeded' = next() < 0.05 ? 'failed' : 'succeeded';
      return {
        id: benchReportId(i),
        name: `Bench ${type} report ${String(i).padStart(5, '0')}`,
        type,
        status,
        organisation_ids: json(['org-tend-health']),
        from_date: from.toISOString().slice(0, 10),
        to_date: to.toISOString().slice(0, 10),
        include_children: true,
        scheduled_for: null,
        created_by: demo.admin.id,
        attempts: 1,
        error: status === 'failed' ? 'Organisation bench-org-gone no longer exists.' : null,
        row_count: status === 'succeeded' ? 1 : null,
        csv:
          status === 'succeeded'
            ? 'organisation_id,organisation_name,patients\r\norg-tend-health,Tend Health,2\r\n'
            : null,
        created_at: created,
        updated_at: created,
        started_at: created,
        completed_at: new Date(created.getTime() + 5_000),
      };
    });
    await inBatches(rows, 500, (batch) => db.insertInto('reports').values(batch).execute());
  },
};
export default part;
