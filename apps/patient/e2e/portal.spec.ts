import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { DEMO_USERS } from '../../../e2e/support/server.ts';
import { expectSignInPage, readEmailCode, signOut, submitCode, submitCredentials } from '../../../packages/auth/e2e/portal.ts';

test.describe('patient app: sign-in', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test('an anonymous visit to a guarded page goes to sign-in and comes back after', async ({ page }) => {
    await page.goto('/security');
    await expectSignInPage(page);
    await expect(page).toHaveURL(/returnTo=%2Fsecurity/);
    await expect(page).toHaveTitle('Sign in – Tend');
    await expectNoA11yViolations(page);
    await submitCredentials(page, DEMO_USERS.patient);
    await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
    await expect(page).toHaveURL(/\/security$/);
    await expect(page).toHaveTitle('Security – Tend');
    await expect(page.getByRole('heading', { name: 'Authenticator apps' })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('greets the patient by name; after sign-out, Back shows no protected data', async ({ page }) => {
    await page.goto('/');
    await expectSignInPage(page);
    await submitCredentials(page, DEMO_USERS.patient);
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Sam' })).toBeVisible();
    await expect(page).toHaveTitle('Home – Tend');
    await expectNoA11yViolations(page);

    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Sam' })).toBeVisible();

    await signOut(page);
    await expect(page.getByText('You have signed out.')).toBeVisible();
    await page.goBack();
    await expectSignInPage(page);
    await expect(page.getByText('Hello, Sam')).toHaveCount(0);
  });

  test('the e-mail challenge: a wrong code shows an error, the mailed code signs in', async ({ page, request }) => {
    const since = Date.now();
    await page.goto('/');
    await submitCredentials(page, DEMO_USERS.patientEmailMfa);
    await expect(page.getByRole('heading', { level: 1, name: "Check it's you" })).toBeVisible();
    await expect(page.getByText(/We sent a 6-digit code to/)).toBeVisible();
    await expectNoA11yViolations(page);
    const code = await readEmailCode(request, DEMO_USERS.patientEmailMfa, since);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await submitCode(page, wrong);
    await expect(page.getByRole('alert')).toContainText('That code is not correct.');
    await submitCode(page, code);
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Jordan' })).toBeVisible();
  });

  test('a therapist is refused with a clear message', async ({ page }) => {
    await page.goto('/authentication/login');
    await submitCredentials(page, DEMO_USERS.therapist);
    await expect(page.getByRole('alert')).toContainText('This account cannot sign in here.');
    await expectSignInPage(page);
  });

  test('the idle timeout warns with a countdown, then signs out', async ({ page }) => {
    // Test-only override (honoured outside production builds): 20 s of inactivity, the warning from 10 s.
    await page.goto('/?idleTimeoutMs=20000');
    await expectSignInPage(page);
    await submitCredentials(page, DEMO_USERS.patient);
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Sam' })).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByRole('timer')).toContainText(/signed out in \d+ seconds?/);
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(dialog).toBeHidden();
    // Left alone this time: the warning again (checked with axe), then the sign-out.
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expectNoA11yViolations(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('You were signed out after a period of inactivity.')).toBeVisible();
    await expect(page.getByText('Hello, Sam')).toHaveCount(0);
  });

  test('the forgot-password page sends a reset link', async ({ page }) => {
    await page.goto('/authentication/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.locator('input[name="email"]').fill(DEMO_USERS.patient);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'a link to reset the password is on its way' })).toBeVisible();
  });
});
