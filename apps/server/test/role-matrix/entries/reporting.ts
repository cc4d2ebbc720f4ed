// Tag reporting: administrators' reports on the organisations they administer (a report on X is not
// revealed to the other administrator: 404; naming X in a request: 403). The scheduled report's CSV is
// also an export call of the data-export tooling.
import { ORG_X, adminOfX, adminsOwn, entry, statuses, type Entry } from '../roles.ts';
import { listOfX, reportOfX, unique } from './support.ts';

const input = () => ({
  name: unique('Matrix report'),
  type: 'engagement',
  organisationIds: [ORG_X],
  from: '2026-01-01',
  to: '2026-02-01',
});

export const entries: Entry[] = [
  listOfX('listReports', (m) => reportOfX(m)),
  entry('createReport', adminOfX(201, 403), () => ({ body: input() })),
  entry('getReport', adminOfX(200), async (_role, m) => ({ params: { reportId: await reportOfX(m) } })),
  entry('renameReport', adminOfX(200), async (_role, m) => ({
    params: { reportId: await reportOfX(m) },
    body: { name: 'Renamed' },
  })),
  entry('retryReport', adminOfX(200), async (_role, m) => ({
    params: { reportId: await reportOfX(m, 'failed') },
  })),
  entry('zipReports', adminOfX(200), async (_role, m) => ({
    body: { reportIds: [await reportOfX(m, 'succeeded')] },
  })),
  // Any administrator may validate a report request; X is not the other administrator's, which the answer
  // says (the same words for any organisation one does not administer, existing or not).
  entry('validateReport', adminsOwn(200), () => ({ body: input() }), {
    check: (role, body) => {
      const valid = (body as { valid?: unknown }).valid;
      if (role === 'orgAdmin' && valid !== true) return 'X is valid for its administrator';
      if (role === 'otherAdmin' && valid !== false) return 'X is not valid for the other administrator';
      return undefined;
    },
  }),
  entry('updateReportSchedule', adminOfX(200, 403), () => ({
    body: {
      organisationId: ORG_X,
      enabled: true,
      frequency: 'weekly',
      dayOfWeek: 1,
      hour: 6,
      reportType: 'usage',
      recipients: ['reports@tend-health.example'],
    },
  })),
  entry('getReportSchedule', adminOfX(200, 403), () => ({ query: { organisationId: ORG_X } })),
  entry(
    'downloadScheduledReport',
    statuses({ anonymous: 401, orgAdmin: 200, dataExport: 200, others: 403 }),
    async (_role, m) => {
      const id = await reportOfX(m, 'succeeded');
      await m.t.db.updateTable('reports').set({ scheduled_for: ORG_X }).where('id', '=', id).execute();
      return { query: { organisationId: ORG_X } };
    },
  ),
];
