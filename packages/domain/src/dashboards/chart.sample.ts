import type { DashboardChart } from '@tend/api/model';

/**
 * The chart of chat messages per week, from patients and from therapists, with the given rows: for the tests
 * of the charts' model and of the administration console's dashboards page.
 */
export const messagesPerWeekChart = (rows: DashboardChart['rows']): DashboardChart => ({
  chartId: 'messages-per-week',
  title: 'Chat messages per week',
  kind: 'line',
  x: 'week',
  series: [
    { key: 'fromPatients', name: 'From patients' },
    { key: 'fromTherapists', name: 'From therapists' },
  ],
  rows,
});
