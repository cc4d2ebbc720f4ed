import type { Page } from '@playwright/test';
import { APP_PORTS } from '../../packages/config/src/ports.ts';
import {
  firstMatchAt,
  positionedListState,
  printFigures,
  runSignedIn,
  scrollToEnd,
  watchLongTasks,
  type BenchUser,
  type ScrollFigures,
} from './browser.ts';
import { LIST_RUNS, type BenchContext, type BenchSection } from './types.ts';

/** The demo root organisation's administrator, who signs in to every admin console bench. */
export const BENCH_ADMIN: BenchUser = {
  email: 'admin@example.com',
  password: 'Tend-demo-2026',
  totpSecret: 'JBSWY3DPEHPK3PXP',
};
export const ADMIN_ORIGIN = `http://localhost:${APP_PORTS.admin}`;

/**
 * Once the stack is up, `run` LIST_RUNS times, each in a fresh browser context signed in as the administrator;
 * null (and said) without Chromium.
 */
export async function adminRuns<F>(ctx: BenchContext, run: (page: Page) => Promise<F>): Promise<F[] | null> {
  await ctx.stack();
  if (!ctx.chromium) {
    console.log('  skipped: no Chromium (apt-get install chromium, or set CHROMIUM_PATH)');
    return null;
  }
  return runSignedIn(ctx.chromium, { origin: ADMIN_ORIGIN, user: BENCH_ADMIN, runs: LIST_RUNS }, run);
}

/** One paged list of the admin console, as its bench section measures it. */
export interface AdminListBench {
  /** The section's name and title (`npm run bench -- <name>`). */
  name: string;
  title: string;
  /** The navigation link that opens the list's page. */
  link: string;
  /** The list (`[data-testid="…"]`) and what marks a loaded row in it (positionedListState). */
  list: string;
  row: string;
  /** The figures' heading, and the goal for the rows loaded at the end. */
  figures: string;
  loadedGoal: string;
}

interface Figures extends ScrollFigures {
  firstRowMs: number;
}

/**
 * The section of a paged admin list at scale: time to the first row and the longest main-thread task while
 * scrolling the list to its end (goal < 50 ms), each the median of 3 runs in a fresh browser context signed in
 * as the root's administrator. One run: the page opened from the navigation (time to the first row), then
 * the list scrolled to its end (rows in the DOM, longest main-thread task; the next page is read with the
 * cursor as the end comes into view).
 */
export function adminListSection(bench: AdminListBench): BenchSection {
  async function run(page: Page): Promise<Figures> {
    await watchLongTasks(page);
    const clicked = await page.evaluate(() => performance.now());
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: bench.link })
      .click();
    const firstRowMs = (await firstMatchAt(page, `${bench.list} li ${bench.row}`)) - clicked;
    const scrolled = await scrollToEnd(page, bench.list, positionedListState, {
      list: bench.list,
      row: bench.row,
    });
    return { firstRowMs, ...scrolled };
  }
  return {
    name: bench.name,
    title: bench.title,
    async run(ctx) {
      const runs = await adminRuns(ctx, run);
      if (!runs) return;
      printFigures(bench.figures, runs, [
        ['time to first row (ms)', (r) => r.firstRowMs, ''],
        ['longest task scrolling to the end (ms)', (r) => r.longestTaskMs, '< 50'],
        ['rows in the DOM while scrolling (max)', (r) => r.maxRows, '< 60'],
        ['rows loaded at the end', (r) => r.loaded, bench.loadedGoal],
        ['time to scroll to the end (ms)', (r) => r.scrollMs, ''],
      ]);
    },
  };
}
