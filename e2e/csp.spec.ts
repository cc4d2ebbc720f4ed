/**
 * Every app under its Content-Security-Policy (and Trusted Types), as `npm start` serves it: the public
 * pages, each portal's sign-in and, signed in, every page its navigation reaches. Any CSP violation, page
 * error or console error fails the test.
 */
import { expect, test, type Page } from '@playwright/test';
import { freshTotpCode, submitCode, submitCredentials } from '../packages/auth/e2e/portal.ts';
import { APP_PORTS, type AppName } from '../packages/config/src/ports.ts';
import { watchConsole } from './support/console.ts';
import { DEMO_TOTP_SECRET, DEMO_USERS } from './support/server.ts';

/** Opens a page, checks its policy is the one served (so the CSP is active), and waits until it is settled. */
async function open(page: Page, url: string, heading: string | RegExp) {
  const response = await page.goto(url);
  expect(response?.headers()['content-security-policy'], url).toContain("require-trusted-types-for 'script'");
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
}

/** Follows every link of the signed-in shell's navigation, then the security page. */
async function visitNavigation(page: Page) {
  const nav = page.getByRole('navigation').first();
  const hrefs = await nav
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute('href') ?? ''));
  expect(hrefs.length, 'the shell has a navigation').toBeGreaterThan(0);
  for (const href of [...new Set(hrefs.filter((h) => h.startsWith('/')))]) {
    await nav.locator(`a[href="${href}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  await page.goto('/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test.describe('Content-Security-Policy', () => {
  test.describe.configure({ timeout: 120_000 });

  test('public: sign-up, install guide and its viewer, contact and e-mail pages, OpenID landing', async ({
    page,
  }) => {
    const problems = await watchConsole(page);
    const origin = `http://localhost:${APP_PORTS.public}`;
    await open(page, `${origin}/signup`, 'Join Tend');
    await page.getByRole('radio', { name: 'With an access code' }).check();
    await open(page, `${origin}/openid/guide/demo`, 'Install the Tend app');
    await page.getByRole('button', { name: 'Step 1: view the picture larger' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await open(page, `${origin}/openid/guide/ios/demo`, 'Install the Tend app');
    await open(page, `${origin}/contact/access`, /Request access/);
    await open(page, `${origin}/email/subscribe?email=someone@example.com`, /./);
    await open(page, `${origin}/openid/demo?error=access_denied&error_description=You+cancelled`, /./);
    await open(page, `${origin}/404`, /./);
    expect(problems.list).toEqual([]);
  });

  for (const [app, email, totp] of [
    ['patient', DEMO_USERS.patient, undefined],
    ['therapist', DEMO_USERS.therapist, DEMO_TOTP_SECRET],
    ['admin', DEMO_USERS.admin, DEMO_TOTP_SECRET],
  ] as Array<[AppName, string, string | undefined]>) {
    test(`${app}: sign-in, then every page of the navigation`, async ({ browser }) => {
      const context = await browser.newContext({ baseURL: `http://localhost:${APP_PORTS[app]}` });
      const page = await context.newPage();
      const problems = await watchConsole(page);
      await open(page, '/authentication/login', 'Sign in');
      await submitCredentials(page, email);
      if (totp) await submitCode(page, await freshTotpCode(totp, { account: email }));
      await expect(page.getByRole('heading', { level: 1, name: /^Hello/ })).toBeVisible();
      await visitNavigation(page);
      expect(problems.list).toEqual([]);
      await context.close();
    });
  }
});
