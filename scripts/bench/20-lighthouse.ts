import { cpus } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { APP_PORTS } from '../../packages/config/src/ports.ts';
import { printTable, type BenchSection } from './types.ts';

/** The pages measured: each app's entry page, as a first visit sees it. */
export const LIGHTHOUSE_PAGES = [
  { name: 'public /signup', url: `http://localhost:${APP_PORTS.public}/signup` },
  { name: 'public /openid/guide/demo', url: `http://localhost:${APP_PORTS.public}/openid/guide/demo` },
  { name: 'patient sign-in', url: `http://localhost:${APP_PORTS.patient}/authentication/login` },
  { name: 'therapist sign-in', url: `http://localhost:${APP_PORTS.therapist}/authentication/login` },
  { name: 'admin sign-in', url: `http://localhost:${APP_PORTS.admin}/authentication/login` },
] as const;

const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const score = (lhr: Result, category: (typeof CATEGORIES)[number]) =>
  (lhr.categories[category]?.score ?? 0).toFixed(2);
const ms = (lhr: Result, audit: string) => `${Math.round(lhr.audits[audit]?.numericValue ?? NaN)} ms`;
const seconds = (lhr: Result, audit: string) =>
  `${((lhr.audits[audit]?.numericValue ?? NaN) / 1000).toFixed(1)} s`;

/** One Lighthouse run; a run Lighthouse itself asks to repeat (a trace it could not record) is repeated, twice at most. */
async function measure(url: string, port: number): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) return result.lhr;
    if (attempt === 3) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  }
}

/**
 * Lighthouse (npm, 12.8: Node 20) in Debian's Chromium, headless, with its default mobile preset (a Moto G
 * Power's screen, simulated slow 4G and a 4× slower CPU): each page three times, the median run (Lighthouse's
 * own choice of the run closest to the median FCP and TTI), served the way `npm start` serves it.
 */
const section: BenchSection = {
  name: 'lighthouse',
  title: `Lighthouse (mobile preset, median of ${RUNS})`,
  async run(ctx) {
    if (!ctx.chromium)
      throw new Error('Chromium is not installed (apt-get install -y chromium, or set CHROMIUM_PATH)');
    await ctx.stack();
    const chrome = await chromeLauncher.launch({
      chromePath: ctx.chromium,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const rows: Array<Array<string | number>> = [
      ['page', 'performance', 'accessibility', 'best practices', 'FCP', 'LCP', 'TBT', 'CLS'],
    ];
    try {
      for (const page of LIGHTHOUSE_PAGES) {
        const runs: Result[] = [];
        for (let i = 0; i < RUNS; i++) runs.push(await measure(page.url, chrome.port));
        const lhr = computeMedianRun(runs);
        rows.push([
          page.name,
          score(lhr, 'performance'),
          score(lhr, 'accessibility'),
          score(lhr, 'best-practices'),
          seconds(lhr, 'first-contentful-paint'),
          seconds(lhr, 'largest-contentful-paint'),
          ms(lhr, 'total-blocking-time'),
          (lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3),
        ]);
      }
    } finally {
      await chrome.kill();
    }
    printTable(rows);
    console.log(
      `  Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, ${ctx.chromium}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${new Date().toISOString().slice(0, 10)}`,
    );
  },
};
export default section;
