import { expect, test, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';

async function fillAccountSteps(page: Page, email: string) {
  await page.getByRole('textbox', { name: /organisation e-mail address/ }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Step 2 of 5: Password' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Step 2 of 5: Password' })).toBeFocused();
  await page.getByLabel(/^Password/).fill('short');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('needs at least 10 characters')).toBeVisible();
  await page.getByLabel(/^Password/).fill('gentle-morning-58');
  await page.getByLabel(/^Repeat the password/).fill('gentle-morning-58');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: /First name/ }).fill('Robin');
  await page.getByRole('textbox', { name: /Last name/ }).fill('Okafor');
  await page.getByRole('textbox', { name: /Screen name/ }).fill('robin');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('must be accepted before you can continue')).toHaveCount(2);
  await page.getByRole('checkbox', { name: /terms of use/ }).check();
  await page.getByRole('checkbox', { name: /privacy notice/ }).check();
  await expectNoA11yViolations(page);
}

test.describe('sign-up module', () => {
  test('refuses an e-mail address no organisation whitelists (real server)', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('textbox', { name: /organisation e-mail address/ }).fill(`someone-${Date.now()}@no-organisation.example`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(/couldn't find an organisation using Tend/)).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('creates an account in the Auth emulator and sets the profile on the server; a failure loses nothing', async ({ page }) => {
    // The demo data whitelists no e-mail domain, so the whitelist answer is given here; everything else is real.
    await page.route('**/organisation/isWhitelisted**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ whitelisted: true, organisationName: 'Tend Health' }) }),
    );
    const email = `robin-${Date.now()}@tend-health.example`;
    await page.goto('/signup?client=demo');
    await expect(page.getByRole('heading', { level: 1, name: 'Join Tend' })).toBeVisible();
    await fillAccountSteps(page, email);

    // The first attempt fails at the server (the profile); the account exists, nothing typed is lost.
    let failed = false;
    await page.route('**/iams/account-details/username**', async (route) => {
      if (failed) return route.continue();
      failed = true;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 'unavailable', message: 'Busy' }) });
    });
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByRole('alert')).toContainText("Your account was created, but we couldn't save your details");
    await expect(page.getByRole('checkbox', { name: /terms of use/ })).toBeChecked();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('textbox', { name: /First name/ })).toHaveValue('Robin');
    await page.getByRole('button', { name: 'Continue' }).click();

    const profileCalls: string[] = [];
    let scopeStatus = 0;
    page.on('response', (r) => {
      if (r.url().includes('/iams/auth/customToken')) scopeStatus = r.status();
      if (r.url().includes('/iams/account-details/')) profileCalls.push(`${new URL(r.url()).pathname.replace(/^.*(?=\/iams\/)/, '')} ${r.status()}`);
    });
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Step 5 of 5: Get the app' })).toBeVisible({ timeout: 20_000 });
    expect(profileCalls).toEqual([
      '/iams/account-details/username 200',
      '/iams/account-details/screenname 200',
      '/iams/account-details/language 200',
    ]);
    await expect(page.getByText('Welcome to Tend, Robin.', { exact: false })).toBeVisible();
    // Without the patient scope (403 scope_not_granted) the person is told the account isn't linked yet.
    const notice = page.getByText(/isn't linked to your organisation's service yet/);
    if (scopeStatus === 200) await expect(notice).toHaveCount(0);
    else {
      expect(scopeStatus).toBe(403);
      await expect(notice).toBeVisible();
    }
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'iPhone (App Store)' }).click();
    await expect(page).toHaveURL(/\/openid\/guide\/ios\/demo$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Install the Tend app' })).toBeVisible();
  });

  test('an e-mail that already has an account goes back to the first step with the address kept', async ({ page }) => {
    await page.route('**/organisation/isWhitelisted**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ whitelisted: true, organisationName: 'Tend Health' }) }),
    );
    await page.goto('/signup');
    await fillAccountSteps(page, 'patient@example.com');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByRole('alert')).toContainText('An account with this e-mail address already exists');
    await expect(page.getByRole('textbox', { name: /organisation e-mail address/ })).toHaveValue('patient@example.com');
  });
});
