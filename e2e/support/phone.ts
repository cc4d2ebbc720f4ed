/**
 * The phone sweep's checks: every page fits a phone's screen (no sideways scrolling, no control
 * lying partly outside the screen, even one clipped by an `overflow: hidden` header), and the console stays
 * clean (no Content-Security-Policy violation, page error or unexpected failed request).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations, settleAnimations } from './axe.ts';

export { watchConsole } from './console.ts';

/** The widths every signed-in page is visited at. */
export const PHONE_WIDTHS = [320, 390] as const;
/** A tablet and a laptop: every page must fit these too (no axe: it ran on the phone). */
export const WIDE_WIDTHS = [768, 1366] as const;
export const PHONE_HEIGHT = 740;

/** A word with no space in it, long enough to widen any page that does not wrap it. */
export function unbroken(prefix: string, length = 90): string {
  return `${prefix}${'x'.repeat(Math.max(0, length - prefix.length))}`;
}

/**
 * What does not fit the screen: the page's own sideways scrolling, and every visible control (link, button,
 * field, focusable element) lying partly outside the viewport, unless it is inside a container that scrolls
 * sideways itself (a wide table in its scroll container). Controls in an inert or aria-hidden part (the
 * closed navigation drawer) and visually hidden ones (1 px) are not seen by anyone and are skipped.
 */
export async function offScreen(page: Page): Promise<string[]> {
  // Measured once the layout has settled: the shell's navigation and main area move with a transition when the
  // window narrows, and a page measured halfway is a few pixels wider than the one a person sees.
  await settleAnimations(page);
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

/** Every width a page is checked at, the phones' first (the narrowest is where axe runs). */
export const ALL_WIDTHS = [...PHONE_WIDTHS, ...WIDE_WIDTHS] as const;
const isPhone = (width: number) => (PHONE_WIDTHS as readonly number[]).includes(width);

/**
 * The window at `width` (a phone's or a laptop's height), once the page has answered the change: React's
 * media-query renders done and every transition it started (the navigation sliding in or out) finished, so
 * nothing is measured halfway.
 */
export async function resizeTo(page: Page, width: number) {
  await page.setViewportSize({ width, height: isPhone(width) ? PHONE_HEIGHT : 900 });
  await settleAnimations(page);
}

/**
 * Every page of the navigation, opened once through the drawer on the narrowest phone and then seen at every
 * width in turn by resizing the window (ALL_WIDTHS): it fits the screen at each, is axe clean on the narrowest
 * phone (the phones share one layout; the wide layout is checked by each app's routes spec), and `each` adds
 * the app's own checks at the phone widths (the crisis button on screen). Ends on the narrowest phone.
 */
export async function sweepNavigation(page: Page, each?: (path: string, width: number) => Promise<void>) {
  const paths = await navigationPaths(page);
  expect(paths.length, 'the shell has a navigation').toBeGreaterThan(3);
  for (const path of paths) {
    await test.step(path, async () => {
      await resizeTo(page, PHONE_WIDTHS[0]);
      await navigateByDrawer(page, path);
      for (const width of ALL_WIDTHS) {
        if (width !== PHONE_WIDTHS[0]) await resizeTo(page, width);
        if (width === PHONE_WIDTHS[0]) await expectFitsPhone(page, `${path} at ${width} px`);
        else
          expect(await offScreen(page), `${path} at ${width} px: what does not fit the screen`).toEqual([]);
        if (isPhone(width)) await each?.(path, width);
      }
    });
  }
  await resizeTo(page, PHONE_WIDTHS[0]);
}
