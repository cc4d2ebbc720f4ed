import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { API_ROOT } from '../../../e2e/support/server.ts';
import { failNextRequest, pollMailbox } from './support.ts';

/** The demo data: the root organisation's access code, and a domain it whitelists. */
const DEMO_ACCESS_CODE = 'TENDHEALTH';
const WHITELISTED_DOMAIN = 'tend-health.example';

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function fillPassword(page: Page) {
  await page.getByLabel(/^Password/).fill('short');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('needs at least 10 characters')).toBeVisible();
  await page.getByLabel(/^Password/).fill('gentle-morning-58');
  await page.getByLabel(/^Repeat the password/).fill('gentle-morning-58');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function fillProfileAndConsent(page: Page) {
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

async function byEmailUpToConsent(page: Page, email: string) {
  await page.getByRole('radio', { name: /organisation e-mail address/ }).check();
  await page.getByRole('textbox', { name: /organisation e-mail address/ }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Step 2 of 6: E-mail and password' }),
  ).toBeFocused();
  await expect(page.getByText('Your e-mail address belongs to Tend Health.')).toBeVisible();
  await fillPassword(page);
  await fillProfileAndConsent(page);
}

/** The sign-up code the server mailed to `email` (read from its development mailbox). */
function mailedCode(request: APIRequestContext, email: string, after = 0): Promise<string> {
  return pollMailbox(request, email, (texts) => {
    const found = texts
      .slice(after)
      .map((text) => /is (\d{3}) (\d{3})\./.exec(text))
      .filter(Boolean)
      .at(-1);
    return found ? `${found[1]}${found[2]}` : '';
  });
}

/** Watches the patient-scope call, so a test can prove the new account was granted it. */
function watchScope(page: Page) {
  const seen = { status: 0 };
  page.on('response', (r) => {
    if (r.url().includes('/iams/auth/customToken')) seen.status = r.status();
  });
  return seen;
}

test.describe('sign-up module', () => {
  test('refuses an e-mail address no organisation whitelists and an unknown access code (real server)', async ({
    page,
  }) => {
    await page.goto('/signup');
    await page.getByRole('textbox', { name: /^Access code/ }).fill('NOT-A-CODE');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(/don't recognise this access code/)).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Access code/ })).toBeFocused();
    await page.getByRole('radio', { name: /organisation e-mail address/ }).check();
    await page
      .getByRole('textbox', { name: /organisation e-mail address/ })
      .fill(`someone-${Date.now()}@no-organisation.example`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(/couldn't find an organisation using Tend/)).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('joins by access code: the new account is a patient of the organisation and signed in with the patient scope', async ({
    page,
  }) => {
    const email = `${unique('code')}@home.example`;
    const scope = watchScope(page);
    await page.goto('/signup?client=demo');
    await expect(page.getByRole('heading', { level: 1, name: 'Join Tend' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Access code/ }).fill('tend health');
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Step 2 of 5: E-mail and password' }),
    ).toBeFocused();
    await expect(page.getByText('This access code belongs to Tend Health.')).toBeVisible();
    await page.getByRole('textbox', { name: /Your e-mail address/ }).fill(email);
    await fillPassword(page);
    await fillProfileAndConsent(page);
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Step 5 of 5: Start using Tend' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText("You're now part of Tend Health on Tend.")).toBeVisible();
    await expect(page.getByText(/isn't linked to your organisation's service yet/)).toHaveCount(0);
    expect(scope.status).toBe(200);
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Android (Google Play)' }).click();
    await expect(page).toHaveURL(/\/openid\/guide\/android\/demo$/);
  });

  test('joins by a whitelisted e-mail: a failure loses nothing, the mailed code proves the address, then the install guide', async ({
    page,
    request,
  }) => {
    const email = `${unique('robin')}@${WHITELISTED_DOMAIN}`;
    const scope = watchScope(page);
    await page.goto('/signup?client=demo');
    await byEmailUpToConsent(page, email);

    // The first attempt fails at the server (the profile); the account exists, nothing typed is lost.
    await failNextRequest(page, '**/iams/account-details/username**', 'Busy');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByRole('alert')).toContainText(
      "Your account was created, but we couldn't save your details",
    );
    await expect(page.getByRole('checkbox', { name: /terms of use/ })).toBeChecked();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('textbox', { name: /First name/ })).toHaveValue('Robin');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Create my account' }).click();

    await expect(
      page.getByRole('heading', { level: 2, name: 'Step 5 of 6: Confirm your e-mail' }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(`sent a 6-digit code to ${email}`, { exact: false })).toBeVisible();
    const code = await mailedCode(request, email);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByRole('textbox', { name: /Code from the e-mail/ }).fill(wrong);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(/This code isn't right or has expired/)).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Code from the e-mail/ })).toBeFocused();
    await expectNoA11yViolations(page);
    await page
      .getByRole('textbox', { name: /Code from the e-mail/ })
      .fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await page.getByRole('button', { name: 'Confirm' }).click();

    await expect(page.getByRole('heading', { level: 2, name: 'Step 6 of 6: Start using Tend' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText('Welcome to Tend, Robin.', { exact: false })).toBeVisible();
    await expect(page.getByText("You're now part of Tend Health on Tend.")).toBeVisible();
    expect(scope.status).toBe(200);
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'iPhone (App Store)' }).click();
    await expect(page).toHaveURL(/\/openid\/guide\/ios\/demo$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Install the Tend app' })).toBeVisible();
  });

  test('an e-mail that already has an account goes back to the first step with the address kept', async ({
    page,
  }) => {
    await page.goto('/signup');
    await byEmailUpToConsent(page, 'patient@example.com');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByRole('alert')).toContainText('An account with this e-mail address already exists');
    await expect(page.getByRole('textbox', { name: /organisation e-mail address/ })).toHaveValue(
      'patient@example.com',
    );
  });
});

test.describe('the demo data', () => {
  test('offers the access code the README names', async ({ request }) => {
    const answer = await request.get(`${API_ROOT}/join/access-code`, { params: { code: DEMO_ACCESS_CODE } });
    expect(await answer.json()).toEqual({
      valid: true,
      organisationName: 'Tend Health',
      termsUrl: null,
      privacyUrl: null,
    });
  });
});
