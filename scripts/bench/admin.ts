import type { Page } from '@playwright/test';
import { APP_PORTS } from '../../packages/config/src/ports.ts';
import {
  mainNavLink,
  openAndScroll,
  positionedListState,
  printListFigures,
  runSignedIn,
  type BenchUser,
} from './browser.ts';
import { chromiumWithStack, LIST_RUNS, type BenchContext, type BenchSection } from './types.ts';

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
  const chromium = await chromiumWithStack(ctx);
  if (!chromium) return null;
  return runSignedIn(chromium, { origin: ADMIN_ORIGIN, user: BENCH_ADMIN, runs: LIST_RUNS }, run);
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

/**
 * The section of a paged admin list at scale: time to the first row and the longest main-thread task while
 * scrolling the list to its end (goal < 50 ms), each the median of 3 runs in a fresh browser context signed in
 * as the root's administrator. One run: the page opened from the navigation (time to the first row), then
 * the list scrolled to its end (rows in the DOM, longest main-thread task; the next page is read with the
 * cursor as the end comes into view).
 */
export function adminListSection(bench: AdminListBench): BenchSection {
  const run = (page: Page) =>
    openAndScroll(page, () => mainNavLink(page, bench.link).click(), `${bench.list} li ${bench.row}`, {
      list: bench.list,
      state: positionedListState,
      arg: { list: bench.list, row: bench.row },
    });
  return {
    name: bench.name,
    title: bench.title,
    async run(ctx) {
      const runs = await adminRuns(ctx, run);
      if (!runs) return;
      printListFigures(bench.figures, runs, { label: 'rows loaded at the end', goal: bench.loadedGoal });
    },
  };
}
