import type { Page } from '@playwright/test';
import { adminRuns } from './admin.ts';
import {
  firstMatchAt,
  mainNavLink,
  positionedListState,
  printFigures,
  scrollFigureRows,
  scrollToEnd,
  watchLongTasks,
  type ScrollFigures,
} from './browser.ts';
import type { BenchSection } from './types.ts';

/**
 * The demo root organisation. In the large data set Tend Health has 1,000 organisations below it, every 50th
 * with 50 of its own (apps/server/src/db/seed-large/parts/70-organisations.ts).
 */
const ROOT_NAME = 'Tend Health';
/** Matches 20 organisations (the 50th child of each of the 20 bench organisations with children … "ward 07"). */
const SEARCH_TERM = 'ward 07';
const LIST = '[data-testid="organisation-list"]';

interface Figures extends ScrollFigures {
  listFirstRowMs: number;
  searchFirstRowMs: number;
  searchRows: number;
}

/** performance.now() at the first frame where the organisation list shows a row with a link (an organisation). */
async function firstRowAt(page: Page): Promise<number> {
  return firstMatchAt(page, `${LIST} li a`);
}

/**
 * One run in a fresh signed-in context: the organisations below Tend Health opened from the Organisations page
 * (time to the first row), scrolled to the end (rows in the DOM, longest main-thread task; the next page is
 * read as the end comes into view), then the Organisations page searched (time from the last keystroke to the
 * first row, the 250 ms debounce included).
 */
async function run(page: Page): Promise<Figures> {
  await mainNavLink(page, 'Organisations').click();
  const root = page.getByTestId('organisation-list').getByRole('link', { name: new RegExp(`^${ROOT_NAME}`) });
  await root.waitFor({ timeout: 60_000 });
  await watchLongTasks(page);
  const clicked = await page.evaluate(() => performance.now());
  await root.click();
  await page.getByRole('region', { name: new RegExp(`below ${ROOT_NAME}`) }).waitFor({ timeout: 60_000 });
  const listFirstRowMs = (await firstRowAt(page)) - clicked;

  const scrolled = await scrollToEnd(page, LIST, positionedListState, { list: LIST, row: 'a' });

  await mainNavLink(page, 'Organisations').click();
  const search = page.getByRole('searchbox', { name: 'Find an organisation' });
  await search.waitFor({ timeout: 60_000 });
  await search.pressSequentially(SEARCH_TERM.slice(0, -1));
  const typed = await page.evaluate(() => performance.now());
  await search.press(SEARCH_TERM.slice(-1));
  const results = page.getByRole('region', { name: /^Organisations matching/ });
  await results.waitFor({ timeout: 60_000 });
  const searchFirstRowMs = (await firstRowAt(page)) - typed;
  const searchRows = Number(
    (
      await page
        .getByRole('status')
        .filter({ hasText: /^\d+ organisations?\.$/ })
        .textContent()
    )?.match(/\d+/)?.[0] ?? 0,
  );
  return { listFirstRowMs, searchFirstRowMs, searchRows, ...scrolled };
}

/**
 * The admin console's organisations at scale (1,000 below the root, 20 of them with 50 children): time to the
 * first row of the list and of a search, and the longest main-thread task while scrolling the list to its end
 * (goal < 50 ms), each the median of 3 runs in a fresh browser context signed in as the root's administrator.
 */
const section: BenchSection = {
  name: 'admin-organisations',
  title: 'Admin console: organisations (1,000 below the root, 20 with 50 children; median of 3 runs)',
  async run(ctx) {
    const runs = await adminRuns(ctx, run);
    if (!runs) return;
    printFigures('organisations', runs, [
      [`time to first row: the list below ${ROOT_NAME} (ms)`, (r) => r.listFirstRowMs, ''],
      [
        `time to first row: search “${SEARCH_TERM}” (ms, 250 ms debounce incl.)`,
        (r) => r.searchFirstRowMs,
        '',
      ],
      ['search results', (r) => r.searchRows, '20'],
      ...scrollFigureRows<Figures>('rows loaded at the end', '≥ 1000'),
    ]);
  },
};
export default section;
