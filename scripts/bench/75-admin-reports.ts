import type { Page } from '@playwright/test';
import { APP_PORTS } from '../../packages/config/src/ports.ts';
import {
  firstMatchAt,
  printFigures,
  runSignedIn,
  scrollToEnd,
  watchLongTasks,
  type ScrollFigures,
} from './browser.ts';
import { LIST_RUNS, type BenchSection } from './types.ts';

/**
 * The demo root organisation's administrator. In the large data set Tend Health has 10,000 reports
 * (apps/server/src/db/seed-large/parts/75-reports.ts).
 */
const ADMIN = { email: 'admin@example.com', password: 'Tend-demo-2026', totpSecret: 'JBSWY3DPEHPK3PXP' };
const ORIGIN = `http://localhost:${APP_PORTS.admin}`;
const RUNS = LIST_RUNS;
const LIST = '[data-testid="report-list"]';

interface Figures extends ScrollFigures {
  firstRowMs: number;
}

/**
 * One run in a fresh signed-in context: the Reports page opened from the navigation (time to the first row),
 * then the list scrolled to its end (rows in the DOM, longest main-thread task; the next page of 50 is read
 * with the cursor as the end comes into view).
 */
async function run(page: Page): Promise<Figures> {
  await watchLongTasks(page);
  const clicked = await page.evaluate(() => performance.now());
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Reports' })
    .click();
  const firstRowMs = (await firstMatchAt(page, `${LIST} li [data-testid="report-row"]`)) - clicked;
  const scrolled = await scrollToEnd(page, LIST, (selector) => {
    const rows = document.querySelector<HTMLElement>(selector)!.querySelectorAll('li');
    const positions = Array.from(rows, (li) =>
      li.querySelector('[data-testid="report-row"]') ? Number(li.getAttribute('aria-posinset')) : 0,
    );
    const total = Number(rows[0]?.getAttribute('aria-setsize') ?? -1);
    const last = Math.max(0, ...positions);
    return { rows: rows.length, loaded: last, done: total > 0 && last >= total };
  });
  return { firstRowMs, ...scrolled };
}

/**
 * The admin console's reports at scale (10,000 of Tend Health): time to the first row and the longest
 * main-thread task while scrolling the list to its end (goal < 50 ms), each the median of 3 runs in a fresh
 * browser context signed in as the root's administrator.
 */
const section: BenchSection = {
  name: 'admin-reports',
  title: 'Admin console: reports (10,000 of Tend Health; median of 3 runs)',
  async run(ctx) {
    await ctx.stack();
    if (!ctx.chromium) {
      console.log('  skipped: no Chromium (apt-get install chromium, or set CHROMIUM_PATH)');
      return;
    }
    const runs = await runSignedIn(ctx.chromium, { origin: ORIGIN, user: ADMIN, runs: RUNS }, run);
    printFigures('reports', runs, [
      ['time to first row (ms)', (r) => r.firstRowMs, ''],
      ['longest task scrolling to the end (ms)', (r) => r.longestTaskMs, '< 50'],
      ['rows in the DOM while scrolling (max)', (r) => r.maxRows, '< 60'],
      ['rows loaded at the end', (r) => r.loaded, '≥ 10000'],
      ['time to scroll to the end (ms)', (r) => r.scrollMs, ''],
    ]);
  },
};
export default section;
