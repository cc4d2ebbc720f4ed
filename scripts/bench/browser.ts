import { chromium, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import { freshTotpCode } from '../../packages/auth/e2e/totp.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printTrace, startTrace } from './trace.ts';
import { median, printTable } from './types.ts';

/**
 * `--trace`: each scroll to the end is also traced (Chrome's performance trace through the CDP session), its long
 * tasks printed with what they were made of, and the trace kept in the temporary folder.
 */
const TRACE = process.argv.includes('--trace');
let traced = 0;

/** A demo account the browser benches sign in with (a TOTP secret when the portal asks for one). */
export interface BenchUser {
  email: string;
  password: string;
  totpSecret?: string;
}

/** Signs `user` in at `origin`'s sign-in page and waits for the home page's greeting. */
export async function signIn(page: Page, origin: string, user: BenchUser): Promise<void> {
  await page.goto(`${origin}/authentication/login`);
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (user.totpSecret) {
    await page
      .locator('input[name="code"]')
      .fill(await freshTotpCode(user.totpSecret, { account: user.email }));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await page.getByRole('heading', { level: 1, name: /^Hello/ }).waitFor({ timeout: 60_000 });
}

type LongTaskWindow = Window & { __longTasks: number[] };

/** Starts recording the page's long tasks (PerformanceObserver 'longtask'). */
export async function watchLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as LongTaskWindow;
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
  });
}

/** The first moment (performance.now()) at which `selector` matches an element, polled every frame. */
export async function firstMatchAt(page: Page, selector: string): Promise<number> {
  return page
    .waitForFunction((sel) => (document.querySelector(sel) ? performance.now() : 0), selector, {
      timeout: 60_000,
      polling: 'raf',
    })
    .then((h) => h.jsonValue());
}

/** What a list says of itself while it is scrolled: rows in the DOM, items loaded, whether the end is reached. */
export interface ListState {
  rows: number;
  loaded: number;
  done: boolean;
}

export interface ScrollFigures {
  maxRows: number;
  longestTaskMs: number;
  loaded: number;
  scrollMs: number;
}

/** The link `name` of a portal's main navigation. */
export function mainNavLink(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name });
}

/** A list's figures: the time from the click that opens it to its first row, then scrollToEnd's. */
export interface ListFigures extends ScrollFigures {
  firstRowMs: number;
}

/**
 * One list as a person meets it: the clock starts as `open` clicks and stops when `firstRow` matches; then the
 * list is scrolled to its end (scrollToEnd of `scroll.list` with `scroll.state`), the main thread watched
 * throughout.
 */
export async function openAndScroll<A = string>(
  page: Page,
  open: () => Promise<void>,
  firstRow: string,
  scroll: { list: string; state: (arg: A) => ListState; arg?: A },
): Promise<ListFigures> {
  await watchLongTasks(page);
  const clicked = await page.evaluate(() => performance.now());
  await open();
  const firstRowMs = (await firstMatchAt(page, firstRow)) - clicked;
  return { firstRowMs, ...(await scrollToEnd(page, scroll.list, scroll.state, scroll.arg)) };
}

/** openAndScroll for a moment timeline (`[data-testid="moment-timeline"]`): its first row is a moment's button. */
export async function openTimelineAndScroll(page: Page, open: () => Promise<void>): Promise<ListFigures> {
  const timeline = '[data-testid="moment-timeline"]';
  return openAndScroll(page, open, `${timeline} li button`, { list: timeline, state: timelineState });
}

/**
 * Scrolls the virtualised list `selector` to its end (the next pages load as the end comes into view), watching
 * the rows in the DOM and the main thread (watchLongTasks must have been called on this page). `state` runs in
 * the page (serialised: it sees nothing of this file) with `arg` as its argument, by default `selector`.
 */
export async function scrollToEnd<A = string>(
  page: Page,
  selector: string,
  state: (arg: A) => ListState,
  arg?: A,
): Promise<ScrollFigures> {
  await page.evaluate(() => ((window as unknown as LongTaskWindow).__longTasks = []));
  const trace = TRACE ? await startTrace(page) : undefined;
  const started = Date.now();
  let maxRows = 0;
  let loaded = 0;
  for (;;) {
    await page.evaluate((sel) => {
      const region = document.querySelector<HTMLElement>(sel)!;
      region.scrollTop = region.scrollHeight;
    }, selector);
    const s = await page.evaluate(state as (arg: unknown) => ListState, arg ?? selector);
    maxRows = Math.max(maxRows, s.rows);
    loaded = s.loaded;
    if (s.done) break;
    if (Date.now() - started > 10 * 60_000)
      throw new Error(`the end of ${selector} was not reached in 10 minutes (${loaded} loaded)`);
    await page.waitForTimeout(30);
  }
  const longTasks = await page.evaluate(() => (window as unknown as LongTaskWindow).__longTasks);
  if (trace) {
    const file = join(tmpdir(), `tend-trace-${process.pid}-${++traced}.json`);
    printTrace(`${selector} (trace: ${file})`, await trace.stop(file));
  }
  return { maxRows, longestTaskMs: Math.max(0, ...longTasks), loaded, scrollMs: Date.now() - started };
}

/**
 * The state of a list whose items say their place (aria-posinset of aria-setsize): an item is a loaded row when
 * it is or holds `row` (the others are loaders); the end is reached when the last place is loaded. For
 * scrollToEnd, with `{ list, row }` as its argument.
 */
export function positionedListState({ list, row }: { list: string; row: string }): ListState {
  const rows = document.querySelector<HTMLElement>(list)!.querySelectorAll('li');
  const positions = Array.from(rows, (li) =>
    li.matches(row) || li.querySelector(row) ? Number(li.getAttribute('aria-posinset')) : 0,
  );
  const total = Number(rows[0]?.getAttribute('aria-setsize') ?? -1);
  const last = Math.max(0, ...positions);
  return { rows: rows.length, loaded: last, done: total > 0 && last >= total };
}

/** The state of a moment timeline (`[data-testid="moment-timeline"]`), read from its rows and its status line. */
export function timelineState(selector: string): ListState {
  const region = document.querySelector<HTMLElement>(selector)!;
  const status =
    Array.from(document.querySelectorAll('[role="status"]'), (s) => s.textContent ?? '').find((t) =>
      /entr(y|ies) shown/.test(t),
    ) ?? '';
  return {
    rows: region.querySelectorAll('li').length,
    loaded: Number(/([\d,]+) entr/.exec(status)?.[1]?.replace(/,/g, '') ?? 0),
    done: status.includes('That is everything.'),
  };
}

/**
 * Runs `measure` `runs` times in Chromium, each in a fresh context (1280×900) signed in as `user` at `origin`,
 * and answers each run's figures.
 */
export async function runSignedIn<F>(
  executablePath: string,
  options: { origin: string; user: BenchUser; runs: number; context?: BrowserContextOptions },
  measure: (page: Page) => Promise<F>,
): Promise<F[]> {
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const runs: F[] = [];
  try {
    for (let i = 0; i < options.runs; i++) {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        ...options.context,
      });
      const page = await context.newPage();
      await signIn(page, options.origin, options.user);
      runs.push(await measure(page));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return runs;
}

/** printFigures' rows for what scrollToEnd measured, with the label and goal of the items loaded at the end. */
export function scrollFigureRows<F extends ScrollFigures>(
  loadedLabel: string,
  loadedGoal: string,
): Array<[label: string, pick: (r: F) => number, goal: string]> {
  return [
    ['longest task scrolling to the end (ms)', (r) => r.longestTaskMs, '< 50'],
    ['rows in the DOM while scrolling (max)', (r) => r.maxRows, '< 60'],
    [loadedLabel, (r) => r.loaded, loadedGoal],
    ['time to scroll to the end (ms)', (r) => r.scrollMs, ''],
  ];
}

/** Prints the figures of openAndScroll's runs: time to the first row, then scrollFigureRows. */
export function printListFigures(
  heading: string,
  runs: readonly ListFigures[],
  loaded: { label: string; goal: string },
): void {
  printFigures(heading, runs, [
    ['time to first row (ms)', (r) => r.firstRowMs, ''],
    ...scrollFigureRows<ListFigures>(loaded.label, loaded.goal),
  ]);
}

/** Prints one row per measure: its median over the runs, every run's figure, and the goal. */
export function printFigures<F>(
  heading: string,
  runs: readonly F[],
  rows: ReadonlyArray<[label: string, pick: (r: F) => number, goal: string]>,
): void {
  printTable([
    [heading, 'median', 'runs', 'goal'],
    ...rows.map(([label, pick, goal]) => [
      label,
      Math.round(median(runs.map(pick))),
      runs.map((r) => Math.round(pick(r))).join(' / '),
      goal,
    ]),
  ]);
}
