import { chromium, type Page } from '@playwright/test';
import { APP_PORTS } from '../../packages/config/src/ports.ts';
import { firstMatchAt, scrollToEnd, signIn, watchLongTasks, type ScrollFigures } from './browser.ts';
import { median, printTable, type BenchSection } from './types.ts';

/**
 * The demo root organisation's administrator. In the large data set Tend Health has 10,000 reports
 * (apps/server/src/db/seed-large/parts/75-reports.ts).
 */
const ADMIN = { email: 'admin@example.com', password: 'Tend-demo-2026', totpSecret: 'JBSWY3DPEHPK3PXP' };
const ORIGIN = `http://localhost:${APP_PORTS.admin}`;
const RUNS = 3;
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
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports' }).click();
  const firstRowMs = (await firstMatchAt(page, `${LIST} li [data-testid="report-row"]`)) - clicked;
  const scrolled = await scrollToEnd(page, LIST, (selector) => {
    const rows = document.querySelector<HTMLElement>(selector)!.querySelectorAll('li');
    const positions = Array.from(rows, (li) => (li.querySelector('[data-testid="report-row"]') ? Number(li.getAttribute('aria-posinset')) : 0));
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
    const browser = await chromium.launch({ executablePath: ctx.chromium, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    const runs: Figures[] = [];
    try {
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        await signIn(page, ORIGIN, ADMIN);
        runs.push(await run(page));
        await context.close();
      }
    } finally {
      await browser.close();
    }
    const m = (pick: (r: Figures) => number) => Math.round(median(runs.map(pick)));
    const all = (pick: (r: Figures) => number) => runs.map((r) => Math.round(pick(r))).join(' / ');
    printTable([
      ['reports', 'median', 'runs', 'goal'],
      ['time to first row (ms)', m((r) => r.firstRowMs), all((r) => r.firstRowMs), ''],
      ['longest task scrolling to the end (ms)', m((r) => r.longestTaskMs), all((r) => r.longestTaskMs), '< 50'],
      ['rows in the DOM while scrolling (max)', m((r) => r.maxRows), all((r) => r.maxRows), '< 60'],
      ['rows loaded at the end', m((r) => r.loaded), all((r) => r.loaded), '≥ 10000'],
      ['time to scroll to the end (ms)', m((r) => r.scrollMs), all((r) => r.scrollMs), ''],
    ]);
  },
};
export default section;
