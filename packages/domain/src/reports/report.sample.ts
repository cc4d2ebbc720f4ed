import type { Report } from '@tend/api/model';

/**
 * A usage report of org-1 for January 2026 in the given state, for the tests of the reports' queries and of
 * the administration console's page: a finished one has run once and counted 3 rows; `over` is set on top.
 */
export const sampleReport = (id: string, status: Report['status'], over: Partial<Report> = {}): Report => ({
  reportId: id,
  name: `Report ${id}`,
  type: 'usage',
  status,
  organisationIds: ['org-1'],
  from: '2026-01-01',
  to: '2026-02-01',
  createdAt: '2026-02-01T10:00:00.000Z',
  completedAt: status === 'succeeded' ? '2026-02-01T10:00:05.000Z' : null,
  attempts: status === 'queued' ? 0 : 1,
  error: null,
  rowCount: status === 'succeeded' ? 3 : null,
  ...over,
});
