/**
 * The public site on a phone: each page at 320 and 390 px fits the screen (no sideways scrolling,
 * no control outside it), is axe clean and logs no console error or CSP violation.
 */
import { expect, test } from '@playwright/test';
import { expectFitsPhone, PHONE_HEIGHT, PHONE_WIDTHS, watchConsole } from '../../../e2e/support/phone.ts';

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

// One test per width, each with a limit that fits a loaded machine.
for (const width of PHONE_WIDTHS) {
  test(`every public page fits ${width} px with a clean console`, async ({ page }) => {
    test.setTimeout(420_000);
    const problems = await watchConsole(page);
    await page.setViewportSize({ width, height: PHONE_HEIGHT });
    for (const [path, heading] of PAGES) {
      await test.step(`${path} at ${width} px`, async () => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectFitsPhone(page, `${path} at ${width} px`);
      });
    }
    expect(problems.list).toEqual([]);
  });
}
