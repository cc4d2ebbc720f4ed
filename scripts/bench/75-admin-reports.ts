import { adminListSection } from './admin.ts';

/**
 * The admin console's reports at scale: in the large data set Tend Health has 10,000 reports
 * (apps/server/src/db/seed-large/parts/75-reports.ts), read 50 a page.
 */
export default adminListSection({
  name: 'admin-reports',
  title: 'Admin console: reports (10,000 of Tend Health; median of 3 runs)',
  link: 'Reports',
  list: '[data-testid="report-list"]',
  row: '[data-testid="report-row"]',
  figures: 'reports',
  loadedGoal: '≥ 10000',
});
