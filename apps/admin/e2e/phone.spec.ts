/**
 * The administration console on a phone: a fresh administrator with a long unbroken name; every
 * page of the navigation at 320, 390, 768 and 1366 px fits the screen and is axe clean, with a clean console; the
 * Security page's Sign out works on a 390 px phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { PHONE_HEIGHT, sweepNavigation, unbroken, watchConsole } from '../../../e2e/support/phone.ts';
import { freshAccount } from '../../../packages/auth/e2e/accounts.ts';
import { expectSignInPage } from '../../../packages/auth/e2e/portal.ts';
import { signInAs } from '../../../packages/auth/e2e/portalSpecs.ts';

test.describe('administration console on a phone', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 });
  let page: Page;
  let problems: { list: string[] };

  test.beforeAll(async ({ browser, request }) => {
    test.setTimeout(120_000);
    const admin = await freshAccount(request, {
      firstName: unbroken('Alexandra', 60),
      scopes: ['org-admin'],
      totp: true,
      tag: 'phone',
    });
    const context = await browser.newContext({ viewport: { width: 390, height: PHONE_HEIGHT } });
    page = await context.newPage();
    problems = await watchConsole(page);
    await page.goto('/');
    await signInAs(page, admin.email, admin.totpSecret);
    await expect(page.getByRole('heading', { level: 1, name: /^Hello, / })).toBeVisible();
  });
  test.afterAll(() => page.context().close());

  test('every page of the navigation fits 320, 390, 768 and 1366 px', async () => {
    test.setTimeout(600_000);
    await sweepNavigation(page);
    expect(problems.list).toEqual([]);
  });

  test('the Security page signs out on a 390 px phone', async () => {
    await page.setViewportSize({ width: 390, height: PHONE_HEIGHT });
    await page.goto('/security');
    await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
    await expectSignInPage(page);
    expect(problems.list).toEqual([]);
  });
});
