/**
 * The end-to-end specs every signed-in portal shares (each app runs them with its demo user; the patient app
 * adds its e-mail challenge). Run against the product as `npm start` runs it: the real server, the Auth
 * emulator, production builds. axe checks every page and dialog.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import {
  expectSignInPage,
  freshTotpCode,
  signOut,
  submitCode,
  submitCredentials,
  wrongTotpCode,
} from './portal.ts';

/** The account the portal specs sign in with. */
export interface PortalAccount {
  email: string;
  /** The user's TOTP secret; without one the user signs in with the password alone. */
  totpSecret?: string | undefined;
}

export interface PortalSpecOptions {
  /** The app's name in document.title, e.g. 'Tend Therapist'. */
  appName: string;
  /**
   * Makes the account the specs sign in with (through the API, with `firstName`). A fresh one per spec run:
   * signing out ends every session of the account everywhere (GET /iams/auth/logout), so these specs never
   * sign a shared demo account out from under the specs running beside them.
   */
  account(request: APIRequestContext): Promise<PortalAccount>;
  /** Whether the account has a TOTP authenticator (decides the tests' names before it is made). */
  totp: boolean;
  firstName: string;
  /** An account of another portal, refused here, and its role as the test names it. */
  outsider: { email: string; role: string };
  /** Also enrol a second authenticator and sign in with it (needs totpSecret). */
  enrolment?: boolean;
}

/** Signs in (with a fresh code of the TOTP secret when there is one), starting on the sign-in page. */
export async function signInAs(page: Page, email: string, totpSecret?: string) {
  await submitCredentials(page, email);
  if (totpSecret) await submitCode(page, await freshTotpCode(totpSecret, { account: email }));
}

export function describePortal(options: PortalSpecOptions) {
  const { appName, firstName, outsider } = options;
  let email = '';
  let totpSecret: string | undefined;

  test.describe(`${appName}: sign-in`, () => {
    test.describe.configure({ mode: 'serial', timeout: 120_000 });
    test.beforeAll(async ({ request }) => {
      test.setTimeout(120_000);
      ({ email, totpSecret } = await options.account(request));
      expect(Boolean(totpSecret)).toBe(options.totp);
    });

    test(`an anonymous visit to a guarded page goes to sign-in${options.totp ? '; a wrong code shows an error' : ''}; then back to the page`, async ({
      page,
    }) => {
      await page.goto('/security');
      await expectSignInPage(page);
      await expect(page).toHaveURL(/returnTo=%2Fsecurity/);
      await expect(page).toHaveTitle(`Sign in – ${appName}`);
      await expectNoA11yViolations(page);

      await submitCredentials(page, email);
      if (totpSecret) {
        await expect(page.getByRole('heading', { level: 1, name: "Check it's you" })).toBeVisible();
        await expectNoA11yViolations(page);
        await submitCode(page, wrongTotpCode(totpSecret));
        await expect(page.getByRole('alert')).toContainText('That code is not correct.');
        await expect(page.getByRole('alert')).toContainText(/attempts? left/);
        await submitCode(page, await freshTotpCode(totpSecret, { account: email }));
      }
      await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
      await expect(page).toHaveURL(/\/security$/);
      await expect(page).toHaveTitle(`Security – ${appName}`);
      await expect(page.getByRole('heading', { name: 'Authenticator apps' })).toBeVisible();
      await expectNoA11yViolations(page);
    });

    test('greets by name; after sign-out, Back shows no protected data', async ({ page }) => {
      await page.goto('/');
      await expectSignInPage(page);
      await signInAs(page, email, totpSecret);
      await expect(page.getByRole('heading', { level: 1, name: `Hello, ${firstName}` })).toBeVisible();
      await expect(page).toHaveTitle(`Home – ${appName}`);
      await expectNoA11yViolations(page);

      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expectNoA11yViolations(page);
      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Hello, ${firstName}` })).toBeVisible();

      await signOut(page);
      await expect(page.getByText('You have signed out.')).toBeVisible();
      await page.goBack();
      await expectSignInPage(page);
      await expect(page.getByText(`Hello, ${firstName}`)).toHaveCount(0);
      await page.goForward();
      await expect(page.getByText(`Hello, ${firstName}`)).toHaveCount(0);
    });

    test(`a ${outsider.role} is refused with a clear message`, async ({ page }) => {
      await page.goto('/authentication/login');
      await submitCredentials(page, outsider.email);
      await expect(page.getByRole('alert')).toContainText('This account cannot sign in here.');
      await expectSignInPage(page);
      await expectNoA11yViolations(page);
    });

    test('the idle timeout warns with a countdown, then signs out', async ({ page }) => {
      // The page's clock is Playwright's: it runs as usual (the sign-in), and the idle stretches are skipped
      // with fastForward instead of waited for. Test-only override (honoured outside production builds): 20 s
      // of inactivity, the warning from 10 s.
      await page.clock.install();
      await page.goto('/?idleTimeoutMs=20000');
      await expectSignInPage(page);
      await signInAs(page, email, totpSecret);
      await expect(page.getByRole('heading', { level: 1, name: `Hello, ${firstName}` })).toBeVisible();
      const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
      await page.clock.fastForward(11_000);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('timer')).toContainText(/signed out in \d+ seconds?/);
      await dialog.getByRole('button', { name: 'Stay signed in' }).click();
      await expect(dialog).toBeHidden();
      // Left alone this time: the warning again (checked with axe), then the sign-out.
      await page.clock.fastForward(11_000);
      await expect(dialog).toBeVisible();
      await expectNoA11yViolations(page);
      await page.clock.fastForward(10_000);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      await expect(page.getByText('You were signed out after a period of inactivity.')).toBeVisible();
      await expect(page.getByText(`Hello, ${firstName}`)).toHaveCount(0);
    });

    test('the forgot-password page sends a reset link', async ({ page }) => {
      await page.goto('/authentication/login');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
      await expectNoA11yViolations(page);
      await page.locator('input[name="email"]').fill(email);
      await page.getByRole('button', { name: 'Send the link' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'a link to reset the password is on its way' }),
      ).toBeVisible();
    });

    if (options.enrolment && options.totp) {
      test('enrols a new authenticator, signs in with it, and deletes it', async ({ page }) => {
        const label = `E2E phone ${Date.now()}`;
        await page.goto('/security');
        await expectSignInPage(page);
        await signInAs(page, email, totpSecret);
        await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();

        await page.getByRole('button', { name: 'Add an authenticator app' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add an authenticator app' });
        await dialog.getByLabel(/^Name for this authenticator/).fill(label);
        await dialog.getByRole('button', { name: 'Add an authenticator app' }).click();
        await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
        await expectNoA11yViolations(page);
        const secret = ((await dialog.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
        expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
        await dialog.locator('input[name="code"]').fill(await freshTotpCode(secret, { account: email }));
        await dialog.getByRole('button', { name: 'Confirm and turn on' }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByText(label)).toBeVisible();

        await signOut(page);
        await submitCredentials(page, email);
        await expect(page.getByRole('heading', { level: 1, name: "Check it's you" })).toBeVisible();
        await page.getByRole('radio', { name: `Authenticator app: ${label}` }).check();
        await submitCode(page, await freshTotpCode(secret, { account: email }));
        await expect(page.getByRole('heading', { level: 1, name: `Hello, ${firstName}` })).toBeVisible();

        // Leave the account as it was: delete the new authenticator (a fresh sign-in counts as re-authentication).
        await page.goto('/security');
        await page.getByRole('button', { name: `Delete: ${label}` }).click();
        const confirm = page.getByRole('dialog', { name: `Delete ${label}?` });
        await expectNoA11yViolations(page);
        await confirm.getByRole('button', { name: 'Delete authenticator' }).click();
        await expect(page.getByText(label)).toHaveCount(0);
      });
    }
  });
}
