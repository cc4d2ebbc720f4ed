import { request as playwrightRequest, type Page } from '@playwright/test';
import { APP_PORTS, SERVER_PORT } from '../../packages/config/src/ports.ts';
import { signInByApi } from '../../packages/auth/e2e/accounts.ts';
import {
  mainNavLink,
  openAndScroll,
  openTimelineAndScroll,
  positionedListState,
  printListFigures,
  runSignedIn,
  type ListFigures,
} from './browser.ts';
import { chromiumOrSkip, LIST_RUNS, median, printTable, type BenchSection } from './types.ts';

/** The demo therapist (10,000 patients in the large data set: apps/server/src/db/seed-large/parts/30-caseload.ts). */
const THERAPIST = {
  email: 'therapist@example.com',
  password: 'Tend-demo-2026',
  totpSecret: 'JBSWY3DPEHPK3PXP',
};
/** The bench patient with 10,000 moments (parts/20-patient-moments.ts), on the demo therapist's care team. */
const BENCH_PATIENT = 'bench-patient';
const ORIGIN = `http://localhost:${APP_PORTS.therapist}`;
const API = `http://localhost:${SERVER_PORT}`;
const RUNS = LIST_RUNS;

async function caseloadRun(page: Page): Promise<ListFigures> {
  const list = '[data-testid="caseload-list"]';
  const row = '[data-testid="caseload-row"]';
  return openAndScroll(page, () => mainNavLink(page, 'Caseload').click(), row, {
    list,
    state: positionedListState,
    arg: { list, row },
  });
}

async function timelineRun(page: Page): Promise<ListFigures> {
  // Found as a therapist finds them: the caseload searched by name, then the record opened from the row.
  await mainNavLink(page, 'Caseload').click();
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('Bench Patient');
  const link = page.getByTestId('caseload-row').getByRole('link', { name: 'Bench Patient' });
  await link.waitFor({ timeout: 60_000 });
  return openTimelineAndScroll(page, () => link.click());
}

/** The server's p95 for one caseload page (50 patients of 10,000), from Node with the therapist's ID token. */
async function serverP95(): Promise<{ p95: number[]; p50: number[]; total: number }> {
  const request = await playwrightRequest.newContext();
  try {
    const token = await signInByApi(request, THERAPIST.email, ['therapist']);
    const headers = { Authorization: `Bearer ${token}` };
    const get = async (skip: number) => {
      const started = performance.now();
      const response = await request.get(`${API}/therapist/assigned-patients?limit=50&skip=${skip}`, {
        headers,
      });
      if (response.status() !== 200)
        throw new Error(`caseload page ${response.status()}: ${await response.text()}`);
      return { ms: performance.now() - started, body: (await response.json()) as { total: number } };
    };
    const total = (await get(0)).body.total;
    for (let i = 0; i < 5; i++) await get(0); // warm-up
    const p95: number[] = [];
    const p50: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const times: number[] = [];
      // The first page and pages across the list (the server sorts all 10,000 for each).
      for (let i = 0; i < 40; i++)
        times.push((await get(i % 4 === 0 ? 0 : Math.floor(Math.random() * (total / 50)) * 50)).ms);
      times.sort((a, b) => a - b);
      p95.push(times[Math.ceil(0.95 * times.length) - 1]!);
      p50.push(times[Math.floor(times.length / 2)]!);
    }
    return { p95, p50, total };
  } finally {
    await request.dispose();
  }
}

/**
 * The therapist console at scale: the caseload of 10,000 patients and the patient timeline of 10,000 moments
 * (rows in the DOM while scrolling, goal < 60; the longest main-thread task while scrolling to the end, goal
 * < 50 ms; time to the first row), each the median of 3 runs in a fresh browser context signed in as the demo
 * therapist; and the server's p95 for one caseload page at that size.
 */
const section: BenchSection = {
  name: 'therapist',
  title: 'Therapist console (caseload of 10,000 patients, timeline of 10,000 moments; median of 3 runs)',
  async run(ctx) {
    await ctx.stack();
    const server = await serverP95();
    printTable([
      ['server: one caseload page (50 of N)', 'median', 'runs (40 requests each)'],
      [
        `p95 (ms), N = ${server.total}`,
        Math.round(median(server.p95)),
        server.p95.map(Math.round).join(' / '),
      ],
      ['p50 (ms)', Math.round(median(server.p50)), server.p50.map(Math.round).join(' / ')],
    ]);
    const chromium = chromiumOrSkip(ctx, 'browser figures skipped');
    if (!chromium) return;
    const request = await playwrightRequest.newContext();
    const token = await signInByApi(request, THERAPIST.email, ['therapist']);
    const hasBenchPatient =
      (
        await request.get(`${API}/patients/${BENCH_PATIENT}`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).status() === 200;
    await request.dispose();
    const runs = await runSignedIn(
      chromium,
      { origin: ORIGIN, user: THERAPIST, runs: RUNS },
      async (page) => ({
        caseload: await caseloadRun(page),
        timeline: hasBenchPatient ? await timelineRun(page) : undefined,
      }),
    );
    const caseload = runs.map((r) => r.caseload);
    const timeline = runs.flatMap((r) => (r.timeline ? [r.timeline] : []));
    for (const [name, runs, goalLoaded] of [
      ['caseload', caseload, String(server.total)],
      ['patient timeline', timeline, '10000'],
    ] as const) {
      if (runs.length === 0) {
        console.log(
          `  ${name}: skipped, the bench patient (${BENCH_PATIENT}, seed-large part 20-patient-moments) is not in this data set`,
        );
        continue;
      }
      printListFigures(name, runs, { label: 'rows loaded at the end', goal: goalLoaded });
    }
  },
};
export default section;
