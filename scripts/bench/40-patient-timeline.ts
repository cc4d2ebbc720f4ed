import type { Page } from '@playwright/test';
import { APP_PORTS } from '../../packages/config/src/ports.ts';
import {
  firstMatchAt,
  printFigures,
  runSignedIn,
  scrollToEnd,
  timelineState,
  watchLongTasks,
  type ScrollFigures,
} from './browser.ts';
import { LIST_RUNS, type BenchSection } from './types.ts';

/** The bench patient of the large data set (apps/server/src/db/seed-large/parts/20-patient-moments.ts). */
const PATIENT = { email: 'bench-patient@example.com', password: 'Tend-demo-2026', firstName: 'Bench' };
const ORIGIN = `http://localhost:${APP_PORTS.patient}`;
const RUNS = LIST_RUNS;

interface RunFigures extends ScrollFigures {
  firstRowMs: number;
}

/** One run: open the timeline, then scroll to its end (10,000 moments, 50 a page) and watch the DOM and the main thread. */
async function oneRun(page: Page): Promise<RunFigures> {
  await watchLongTasks(page);
  const clicked = await page.evaluate(() => performance.now());
  await page.getByRole('navigation').getByRole('link', { name: 'Timeline' }).click();
  const firstRowAt = await firstMatchAt(page, '[data-testid="moment-timeline"] li button');
  return {
    firstRowMs: firstRowAt - clicked,
    ...(await scrollToEnd(page, '[data-testid="moment-timeline"]', timelineState)),
  };
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
    const runs = await runSignedIn(
      ctx.chromium,
      { origin: ORIGIN, user: PATIENT, runs: RUNS, context: { serviceWorkers: 'block' } },
      oneRun,
    );
    printFigures('measure', runs, [
      ['rows in the DOM while scrolling (max)', (r) => r.maxRows, '< 60'],
      ['longest task scrolling to the end (ms)', (r) => r.longestTaskMs, '< 50'],
      ['time to first row (ms)', (r) => r.firstRowMs, ''],
      ['moments loaded at the end', (r) => r.loaded, '10000'],
      ['time to scroll to the end (ms)', (r) => r.scrollMs, ''],
    ]);
  },
};
export default section;
