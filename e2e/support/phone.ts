/**
 * The phone sweep's checks: every page fits a phone's screen (no sideways scrolling, no control
 * lying partly outside the screen, even one clipped by an `overflow: hidden` header), and the console stays
 * clean (no Content-Security-Policy violation, page error or unexpected failed request).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe.ts';

/** The widths every signed-in page is visited at. */
export const PHONE_WIDTHS = [320, 390] as const;
/** A tablet and a laptop: every page is visited again at these and must fit too (no axe: it ran already). */
export const WIDE_WIDTHS = [768, 1366] as const;
export const PHONE_HEIGHT = 740;

/** A word with no space in it, long enough to widen any page that does not wrap it. */
export function unbroken(prefix: string, length = 90): string {
  return `${prefix}${'x'.repeat(Math.max(0, length - prefix.length))}`;
}

/**
 * Chromium logs every 4xx answer as a console error. The sign-in protocol answers some on purpose (the
 * custom-token call's 401 before the second factor, 403 for an optional scope not held), and a patient's
 * goals, preferences and safety plan answer 404 until first saved (the pages offer an empty form).
 */
function isExpectedStatus(text: string, url: string): boolean {
  const status = /^Failed to load resource: the server responded with a status of (\d{3})\b/.exec(text)?.[1];
  if ((status === '401' || status === '403') && /\/iams\/auth\/customToken\?/.test(url)) return true;
  return (
    status === '404' &&
    /\/(patient-metadata\/(goals|preferences)|cloud-document\/safety-plan)(\?|$)/.test(url)
  );
}

/** Records CSP violations, page errors and console errors from now on; read `list` to see them. */
export async function watchConsole(page: Page): Promise<{ list: string[] }> {
  const problems = { list: [] as string[] };
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(
        `CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`,
      ),
    );
  });
  page.on('console', (message) => {
    if (message.type() !== 'error' || isExpectedStatus(message.text(), message.location().url)) return;
    problems.list.push(`console error on ${page.url()}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.list.push(`page error on ${page.url()}: ${error.message}`));
  return problems;
}

/**
 * What does not fit the screen: the page's own sideways scrolling, and every visible control (link, button,
 * field, focusable element) lying partly outside the viewport, unless it is inside a container that scrolls
 * sideways itself (a wide table in its scroll container). Controls in an inert or aria-hidden part (the
 * closed navigation drawer) and visually hidden ones (1 px) are not seen by anyone and are skipped.
 */
export function offScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width + 1)
      problems.push(`the page scrolls sideways: ${scrollWidth} px wide on ${width}`);
    const describe = (el: Element) => {
      const name =
        el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${name}"`;
    };
    const controls = document.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="tab"], [tabindex]:not([tabindex="-1"])',
    );
    for (const el of Array.from(controls)) {
      if (el.closest('[inert], [aria-hidden="true"], .tend-skip-link')) continue;
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      let scroller = false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const overflow = getComputedStyle(a).overflowX;
        if ((overflow === 'auto' || overflow === 'scroll') && a.scrollWidth > a.clientWidth + 1) {
          scroller = true;
          break;
        }
      }
      if (scroller) continue;
      if (rect.left < -1 || rect.right > width + 1)
        problems.push(
          `${describe(el)} lies outside the screen (${Math.round(rect.left)} to ${Math.round(rect.right)} of ${width})`,
        );
    }
    return problems;
  });
}

/** The page fits the screen (offScreen finds nothing) and is axe clean. */
export async function expectFitsPhone(page: Page, where: string) {
  expect(await offScreen(page), `${where}: what does not fit the screen`).toEqual([]);
  await expectNoA11yViolations(page);
}

/** The button (e.g. Get help now) lies wholly inside the viewport. */
export async function expectInViewport(page: Page, name: string) {
  const box = await page.getByRole('button', { name, exact: true }).first().boundingBox();
  const size = page.viewportSize()!;
  expect(box, `${name} is on the page`).not.toBeNull();
  expect(
    box!.x >= 0 && box!.y >= 0 && box!.x + box!.width <= size.width && box!.y + box!.height <= size.height,
    `${name} inside the ${size.width} px screen: ${JSON.stringify(box)}`,
  ).toBe(true);
}

/** The paths the signed-in shell's navigation links to (read from its links, the drawer closed or not). */
export async function navigationPaths(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('#tend-navigation a[href]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((h) => h.startsWith('/')))];
}

/**
 * Follows the navigation's link to `path`: through the drawer where the navigation is one (a phone, a narrow
 * tablet), else straight from the navigation beside the page.
 */
export async function navigateByDrawer(page: Page, path: string) {
  const opener = page.getByRole('button', { name: 'Open navigation' });
  const drawer = await opener.isVisible();
  if (drawer) await opener.click();
  const nav = page.locator('#tend-navigation');
  await nav.locator(`a[href="${path}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\?.*)?$`));
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  if (drawer) await expect(nav).toHaveAttribute('inert');
  await page.waitForLoadState('networkidle');
}

/**
 * Every page of the navigation at each phone width: reached through the drawer, fits the screen, and is axe
 * clean at `axeWidth` (the narrowest); `each` adds the app's own checks (the crisis button); `widths` narrows the sweep to some widths.
 */
export async function sweepNavigation(
  page: Page,
  each?: (path: string) => Promise<void>,
  widths: readonly number[] = PHONE_WIDTHS,
  axeWidth: number | undefined = widths[0],
) {
  const paths = await navigationPaths(page);
  expect(paths.length, 'the shell has a navigation').toBeGreaterThan(3);
  await visitEach(page, paths, widths, PHONE_HEIGHT, async (path, width) => {
    // axe once, at the narrowest width: the phone widths share one layout (the drawer, one column), and the
    // wide layout is checked by each app's routes spec.
    if (width === axeWidth) await expectFitsPhone(page, `${path} at ${width} px`);
    else expect(await offScreen(page), `${path} at ${width} px: what does not fit the screen`).toEqual([]);
    await each?.(path);
  });
}

/** Every path at every width (a test step each), reached through the navigation, then `check`ed. */
async function visitEach(
  page: Page,
  paths: readonly string[],
  widths: readonly number[],
  height: number,
  check: (path: string, width: number) => Promise<void>,
) {
  for (const width of widths) {
    await page.setViewportSize({ width, height });
    for (const path of paths) {
      await test.step(`${path} at ${width} px`, async () => {
        await navigateByDrawer(page, path);
        await check(path, width);
      });
    }
  }
}

/**
 * Every page of the navigation again at a tablet's and a laptop's width (WIDE_WIDTHS): each must fit the
 * screen there too (axe ran at the phone widths). Ends back at the widest phone width.
 */
export async function sweepWide(page: Page) {
  await visitEach(page, await navigationPaths(page), WIDE_WIDTHS, 900, async (path, width) => {
    expect(await offScreen(page), `${path} at ${width} px: what does not fit the screen`).toEqual([]);
  });
  await page.setViewportSize({ width: PHONE_WIDTHS[PHONE_WIDTHS.length - 1]!, height: PHONE_HEIGHT });
}
