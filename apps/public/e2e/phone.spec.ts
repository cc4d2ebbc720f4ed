/**
 * The public site on a phone: each page at 320 and 390 px fits the screen (no sideways scrolling,
 * no control outside it), is axe clean (at 320 px) and logs no console error or CSP violation.
 */
import { expect, test } from '@playwright/test';
import {
  expectFitsPhone,
  offScreen,
  PHONE_WIDTHS,
  resizeTo,
  watchConsole,
} from '../../../e2e/support/phone.ts';

const PAGES: Array<[string, string | RegExp]> = [
  ['/signup', 'Join Tend'],
  ['/openid/guide/ios/demo', 'Install the Tend app'],
  ['/openid/guide/demo', 'Install the Tend app'],
  ['/openid/demo?error=access_denied&error_description=You+cancelled', 'We could not sign you in'],
  ['/regionerror', "Tend isn't available in your region yet"],
  ['/404', "We can't find that page"],
  ['/contact/access', 'Request access to Tend'],
  ['/contact/callback?token=demo-contact-token&callbackGroup=care', 'Request a callback'],
  ['/contact/check-in?token=demo-contact-token', 'Request a check-in'],
  ['/email/subscribe?email=someone@example.com', 'Subscribe to Tend e-mails'],
  ['/email/unsubscribe?email=someone@example.com', 'Unsubscribe from Tend e-mails'],
];

// Each page opened once on the narrowest phone (fits, axe clean), then seen at the other phone width.
test('every public page fits 320 and 390 px with a clean console', async ({ page }) => {
  test.setTimeout(420_000);
  const problems = await watchConsole(page);
  for (const [path, heading] of PAGES) {
    await test.step(path, async () => {
      await resizeTo(page, PHONE_WIDTHS[0]);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectFitsPhone(page, `${path} at ${PHONE_WIDTHS[0]} px`);
      for (const width of PHONE_WIDTHS.slice(1)) {
        await resizeTo(page, width);
        expect(await offScreen(page), `${path} at ${width} px: what does not fit the screen`).toEqual([]);
      }
    });
  }
  expect(problems.list).toEqual([]);
});
