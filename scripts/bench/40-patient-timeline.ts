import { chromium, type Page } from '@playwright/test';
import { APP_PORTS } from '../../packages/config/src/ports.ts';
import { median, printTable, type BenchSection } from './types.ts';

/** The bench patient of the large data set (apps/server/src/db/seed-large/parts/20-patient-moments.ts). */
const PATIENT = { email: 'bench-patient@example.com', password: 'Tend-demo-2026', firstName: 'Bench' };
const ORIGIN = `http://localhost:${APP_PORTS.patient}`;
const RUNS = 3;

interface RunFigures {
  firstRowMs: number;
  maxRows: number;
  longestTaskMs: number;
  loaded: number;
  scrollMs: number;
}

async function signIn(page: Page) {
  await page.goto(`${ORIGIN}/authentication/login`);
  await page.locator('input[name="email"]').fill(PATIENT.email);
  await page.locator('input[name="password"]').fill(PATIENT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: `Hello, ${PATIENT.firstName}` }).waitFor({ timeout: 60_000 });
}

/** One run: open the timeline, then scroll to its end (10,000 moments, 50 a page) and watch the DOM and the main thread. */
async function oneRun(page: Page): Promise<RunFigures> {
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
  });
  const clicked = await page.evaluate(() => performance.now());
  await page.getByRole('navigation').getByRole('link', { name: 'Timeline' }).click();
  const firstRowAt = await page
    .waitForFunction(() => (document.querySelector('[data-testid="moment-timeline"] li button') ? performance.now() : 0), undefined, { timeout: 60_000, polling: 'raf' })
    .then((h) => h.jsonValue());
  await page.evaluate(() => ((window as unknown as { __longTasks: number[] }).__longTasks = []));
  const started = Date.now();
  let maxRows = 0;
  let loaded = 0;
  for (;;) {
    const state = await page.evaluate(() => {
      const region = document.querySelector<HTMLElement>('[data-testid="moment-timeline"]')!;
      region.scrollTop = region.scrollHeight;
      const rows = region.querySelectorAll('li').length;
      const status = Array.from(document.querySelectorAll('[role="status"]'), (s) => s.textContent ?? '').find((t) => /entr(y|ies) shown/.test(t)) ?? '';
      return { rows, status };
    });
    maxRows = Math.max(maxRows, state.rows);
    loaded = Number(/([\d,]+) entr/.exec(state.status)?.[1]?.replace(/,/g, '') ?? loaded);
    if (state.status.includes('That is everything.')) break;
    if (Date.now() - started > 10 * 60_000) throw new Error(`the end of the timeline was not reached in 10 minutes (${loaded} loaded)`);
    await page.waitForTimeout(30);
  }
  const scrollMs = Date.now() - started;
  const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
  return { firstRowMs: firstRowAt - clicked, maxRows, longestTaskMs: Math.max(0, ...longTasks), loaded, scrollMs };
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
        await signIn(page);
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
