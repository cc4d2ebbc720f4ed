import { adminListSection } from './admin.ts';

/**
 * The admin console's surveys at scale: the demo administrator made the large data set's 10,000 surveys
 * (apps/server/src/db/seed-large/parts/80-surveys.ts), read 25 a page (the list knows its size once the last
 * page is in).
 */
export default adminListSection({
  name: 'admin-surveys',
  title: 'Admin console: surveys (10,000 of the demo administrator; median of 3 runs)',
  link: 'Surveys',
  list: '[data-testid="survey-list"]',
  row: 'a',
  figures: 'surveys',
  loadedGoal: '≥ 10000',
});
