import { chromium, type Page } from '@playwright/test';
import { APP_PORTS } from '../../packages/config/src/ports.ts';
import { firstMatchAt, scrollToEnd, signIn, timelineState, watchLongTasks, type ScrollFigures } from './browser.ts';
import { median, printTable, type BenchSection } from './types.ts';

/** The bench patient of the large data set (apps/server/src/db/seed-large/parts/20-patient-moments.ts). */
const PATIENT = { email: 'bench-patient@example.com', password: 'Tend-demo-2026', firstName: 'Bench' };
const ORIGIN = `http://localhost:${APP_PORTS.patient}`;
const RUNS = 3;

interface RunFigures extends ScrollFigures {
  firstRowMs: number;
}

/** One run: open the timeline, then scroll to its end (10,000 moments, 50 a page) and watch the DOM and the main thread. */
async function oneRun(page: Page): Promise<RunFigures> {
  await watchLongTasks(page);
  const clicked = await page.evaluate(() => performance.now());
  await page.getByRole('navigation').getByRole('link', { name: 'Timeline' }).click();
  const firstRowAt = await firstMatchAt(page, '[data-testid="moment-timeline"] li button');
  return { firstRowMs: firstRowAt - clicked, ...(await scrollToEnd(page, '[data-testid="moment-timeline"]', timelineState)) };
}

/**
 * The patient's timeline at 10,000 moments: rows in the DOM while scrolling (goal < 60), the longest main-thread
 * task while scrolling to the end (goal < 50 ms), time to the first row; the median of 3 runs, each in a fresh
 * browser context signed in as the bench patient.
 */
const section: BenchSection = {
  name: 'patient-timeline',
  title: 'Patient timeline (10,000 moments; median of 3 runs)',
  async run(ctx) {
    if (!ctx.chromium) {
      console.log('  skipped: no Chromium (apt-get install chromium, or set CHROMIUM_PATH)');
      return;
    }
    await ctx.stack();
    const browser = await chromium.launch({ executablePath: ctx.chromium, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    const runs: RunFigures[] = [];
    try {
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
        const page = await context.newPage();
        await signIn(page, ORIGIN, PATIENT);
        runs.push(await oneRun(page));
        await context.close();
      }
    } finally {
      await browser.close();
    }
    const m = (pick: (r: RunFigures) => number) => Math.round(median(runs.map(pick)));
    printTable([
      ['measure', 'median', 'runs', 'goal'],
      ['rows in the DOM while scrolling (max)', m((r) => r.maxRows), runs.map((r) => r.maxRows).join(' / '), '< 60'],
      ['longest task scrolling to the end (ms)', m((r) => r.longestTaskMs), runs.map((r) => Math.round(r.longestTaskMs)).join(' / '), '< 50'],
      ['time to first row (ms)', m((r) => r.firstRowMs), runs.map((r) => Math.round(r.firstRowMs)).join(' / '), ''],
      ['moments loaded at the end', m((r) => r.loaded), runs.map((r) => r.loaded).join(' / '), '10000'],
      ['time to scroll to the end (ms)', m((r) => r.scrollMs), runs.map((r) => r.scrollMs).join(' / '), ''],
    ]);
  },
};
export default section;
