import { chromium, type Page, type Request } from '@playwright/test';
import { APP_PORTS, AUTH_EMULATOR_PORT, SERVER_PORT } from '../../packages/config/src/ports.ts';
import { freshTotpCode } from '../../packages/auth/e2e/totp.ts';
import type { BenchUser } from './browser.ts';
import { median, printTable, type BenchSection } from './types.ts';

const PASSWORD = 'Tend-demo-2026';
const TOTP = 'JBSWY3DPEHPK3PXP';
const RUNS = 3;

/** A first view after sign-in, and what on it is its first meaningful content (never a spinner). */
export interface FirstView {
  name: string;
  origin: string;
  path: string;
  user: BenchUser;
  /**
   * Runs in the page on every frame (on its own: Playwright sends its source): the time (epoch ms) once the
   * view's content is on screen, else 0.
   */
  content: () => number;
}

export const FIRST_VIEWS: FirstView[] = [
  {
    name: 'patient Today',
    origin: `http://localhost:${APP_PORTS.patient}`,
    path: '/',
    user: { email: 'patient@example.com', password: PASSWORD },
    // Today's check-up card (answered or not), with the greeting by name above it.
    content: () =>
      document.querySelector('#checkup-heading') &&
      /^Hello, \S/.test(document.querySelector('h1')?.textContent ?? '')
        ? performance.timeOrigin + performance.now()
        : 0,
  },
  {
    name: 'therapist home',
    origin: `http://localhost:${APP_PORTS.therapist}`,
    path: '/',
    user: { email: 'therapist@example.com', password: PASSWORD, totpSecret: TOTP },
    // "Who needs you first": the open alerts (or the words saying there are none), no longer the spinner.
    content: () => {
      const section = document.querySelector('section[aria-labelledby="home-first"]');
      return section &&
        !section.querySelector('[role="progressbar"], .mantine-Loader-root') &&
        /^Hello, \S/.test(document.querySelector('h1')?.textContent ?? '')
        ? performance.timeOrigin + performance.now()
        : 0;
    },
  },
  {
    name: 'therapist caseload',
    origin: `http://localhost:${APP_PORTS.therapist}`,
    path: '/caseload',
    user: { email: 'therapist@example.com', password: PASSWORD, totpSecret: TOTP },
    content: () =>
      document.querySelector('[data-testid="caseload-row"]') ? performance.timeOrigin + performance.now() : 0,
  },
  {
    name: 'admin home',
    origin: `http://localhost:${APP_PORTS.admin}`,
    path: '/',
    user: { email: 'admin@example.com', password: PASSWORD, totpSecret: TOTP },
    // The organisation's figures.
    content: () =>
      document.querySelector('[data-testid="home-waiting-value"]')
        ? performance.timeOrigin + performance.now()
        : 0,
  },
];

interface Timed {
  url: string;
  start: number;
  end: number;
}

export interface ViewFigures {
  /** From the navigation to the first meaningful content (ms). */
  ms: number;
  /** Sequential rounds of the requests made in that time: all of them (scripts, translations, calls). */
  rounds: number;
  /** The same counting only calls to the API. */
  apiRounds: number;
  requests: Timed[];
}

/** Records every request the page makes (start and end, epoch ms) from now on. */
function recordRequests(page: Page): Timed[] {
  const log: Timed[] = [];
  const done = (request: Request) => {
    const t = request.timing();
    if (t.startTime <= 0) return;
    const end = t.responseEnd >= 0 ? t.startTime + t.responseEnd : Date.now();
    log.push({ url: request.url(), start: t.startTime, end });
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return log;
}

/**
 * How many requests of `requests` had to wait for another: a request's round is one more than the highest
 * round of those that had ended before it started (the first ones are round 1). The view's rounds are the
 * highest round.
 */
export function rounds(requests: readonly Timed[]): number {
  const sorted = [...requests].sort((a, b) => a.start - b.start);
  const round = new Map<Timed, number>();
  for (const r of sorted) {
    let n = 1;
    for (const q of sorted) if (q !== r && q.end <= r.start) n = Math.max(n, (round.get(q) ?? 1) + 1);
    round.set(r, n);
  }
  return Math.max(0, ...round.values());
}

/** Epoch ms at which `content` first holds in the page, polled every frame. */
async function contentAt(page: Page, content: () => number): Promise<number> {
  const handle = await page.waitForFunction(content, undefined, { timeout: 60_000, polling: 'raf' });
  return handle.jsonValue();
}

const API = `:${SERVER_PORT}/`;
const AUTH = `:${AUTH_EMULATOR_PORT}/`;
const SIGN_IN_CALLS = /\/iams\/(auth|mfa)\//;

function figures(log: Timed[], from: number, to: number): ViewFigures {
  // What the view waited for: requests started between the navigation and its content, but not the sign-in's
  // own (Firebase Auth's, and the server's custom token and second factor), which come before the first view
  // whatever it does, nor files the browser had in its cache (no wait).
  const requests = log.filter(
    (r) =>
      r.start >= from &&
      r.start <= to &&
      !r.url.includes(AUTH) &&
      !SIGN_IN_CALLS.test(r.url) &&
      (r.url.includes(API) || r.end - r.start >= 1),
  );
  return {
    ms: to - from,
    rounds: rounds(requests),
    apiRounds: rounds(requests.filter((r) => r.url.includes(API))),
    requests,
  };
}

/**
 * Signs in at the view's sign-in page (with `returnTo` for a view other than home) and measures from the last
 * sign-in click (the signed-in navigation) to the view's content.
 */
async function afterSignIn(page: Page, view: FirstView): Promise<ViewFigures> {
  const login = `${view.origin}/authentication/login${view.path === '/' ? '' : `?returnTo=${encodeURIComponent(view.path)}`}`;
  await page.goto(login);
  await page.locator('input[name="email"]').fill(view.user.email);
  await page.locator('input[name="password"]').fill(view.user.password);
  const log = recordRequests(page);
  let from = Date.now();
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (view.user.totpSecret) {
    const code = page.locator('input[name="code"]');
    await code.waitFor({ timeout: 60_000 });
    await code.fill(await freshTotpCode(view.user.totpSecret, { account: view.user.email }));
    from = Date.now();
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  const to = await contentAt(page, view.content);
  return figures(log, from, to);
}

/** With the session in the tab, the view opened anew (a reload, or the address typed again). */
async function reopened(page: Page, view: FirstView): Promise<ViewFigures> {
  const log = recordRequests(page);
  const from = Date.now();
  await page.goto(`${view.origin}${view.path}`, { waitUntil: 'commit' });
  const to = await contentAt(page, view.content);
  return figures(log, from, to);
}

/** One view: RUNS fresh browser contexts, each signing in then opening the view again. */
async function measureView(executablePath: string, view: FirstView, verbose: boolean) {
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const signIn: ViewFigures[] = [];
  const reopen: ViewFigures[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      signIn.push(await afterSignIn(page, view));
      reopen.push(await reopened(page, view));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  if (verbose) {
    for (const [label, runs] of [
      ['after sign-in', signIn],
      ['opened again', reopen],
    ] as const) {
      const run = runs[0]!;
      const t0 = Math.min(...run.requests.map((r) => r.start));
      console.log(`  ${view.name}, ${label} (first run, ${Math.round(run.ms)} ms):`);
      for (const r of [...run.requests].sort((a, b) => a.start - b.start))
        console.log(
          `    ${String(Math.round(r.start - t0)).padStart(5)} → ${String(Math.round(r.end - t0)).padStart(5)}  ${r.url.replace(/^https?:\/\/localhost/, '')}`,
        );
    }
  }
  return { signIn, reopen };
}

const summary = (runs: ViewFigures[]) => [
  Math.round(median(runs.map((r) => r.ms))),
  runs.map((r) => Math.round(r.ms)).join(' / '),
  median(runs.map((r) => r.rounds)),
  median(runs.map((r) => r.apiRounds)),
];

/**
 * The first useful view after sign-in: the patient's Today, the therapist's home and caseload, the admin's
 * home. For each, in fresh browser contexts (1280×900, the apps as `npm start` serves them, the large data set):
 * the time from the signed-in navigation (the last sign-in click; then the same view opened again with the
 * session in the tab) to its first meaningful content, median of 3, and the sequential rounds of requests in
 * that time (all requests but Firebase Auth's; API calls only). `--verbose` prints each view's requests.
 */
const section: BenchSection = {
  name: 'first-view',
  title: `First view after sign-in (median of ${RUNS}; rounds: requests that waited for another, sequentially)`,
  async run(ctx) {
    if (!ctx.chromium)
      throw new Error('Chromium is not installed (apt-get install -y chromium, or set CHROMIUM_PATH)');
    await ctx.stack();
    const verbose = process.argv.includes('--verbose');
    const rows: Array<Array<string | number>> = [
      [
        'view',
        'after sign-in (ms)',
        'runs',
        'rounds',
        'API rounds',
        'opened again (ms)',
        'runs',
        'rounds',
        'API rounds',
      ],
    ];
    for (const view of FIRST_VIEWS) {
      const { signIn, reopen } = await measureView(ctx.chromium, view, verbose);
      rows.push([view.name, ...summary(signIn), ...summary(reopen)]);
    }
    printTable(rows);
  },
};
export default section;
