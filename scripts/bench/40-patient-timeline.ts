import type { Page } from '@playwright/test';
import { APP_PORTS } from '../../packages/config/src/ports.ts';
import { openTimelineAndScroll, printListFigures, runSignedIn, type ListFigures } from './browser.ts';
import { browserSection, LIST_RUNS } from './types.ts';

/** The bench patient of the large data set (apps/server/src/db/seed-large/parts/20-patient-moments.ts). */
const PATIENT = { email: 'bench-patient@example.com', password: 'Tend-demo-2026', firstName: 'Bench' };
const ORIGIN = `http://localhost:${APP_PORTS.patient}`;
const RUNS = LIST_RUNS;

/** One run: open the timeline, then scroll to its end (10,000 moments, 50 a page) and watch the DOM and the main thread. */
async function oneRun(page: Page): Promise<ListFigures> {
  return openTimelineAndScroll(page, () =>
    page.getByRole('navigation').getByRole('link', { name: 'Timeline' }).click(),
  );
}

/**
 * The patient's timeline at 10,000 moments: rows in the DOM while scrolling (goal < 60), the longest main-thread
 * task while scrolling to the end (goal < 50 ms), time to the first row; the median of 3 runs, each in a fresh
 * browser context signed in as the bench patient.
 */
export default browserSection(
  'patient-timeline',
  'Patient timeline (10,000 moments; median of 3 runs)',
  async (chromium) => {
    const runs = await runSignedIn(
      chromium,
      { origin: ORIGIN, user: PATIENT, runs: RUNS, context: { serviceWorkers: 'block' } },
      oneRun,
    );
    printListFigures('measure', runs, { label: 'moments loaded at the end', goal: '10000' });
  },
);
