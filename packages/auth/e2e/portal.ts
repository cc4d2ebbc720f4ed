/**
 * Playwright helpers for the signed-in portals' end-to-end specs (apps/{patient,therapist,admin}/e2e): sign-in
 * steps, TOTP codes computed from the known secret (totp.ts: each step handed out once, across workers and
 * retries), and e-mail codes read from the server's development mailbox.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../../e2e/support/server.ts';
import { readMail } from './accounts.ts';

export { freshTotpCode, wrongTotpCode } from './totp.ts';

export const SIGN_IN_PATH = '/authentication/login';

export async function expectSignInPage(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/authentication\/login/);
}

/** Fills the e-mail and password and submits. */
export async function submitCredentials(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Types a code into the second step and submits it. */
export async function submitCode(page: Page, code: string) {
  await expect(page.getByRole('heading', { level: 1, name: "Check it's you" })).toBeVisible();
  await page.locator('input[name="code"]').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** The newest 6-digit code mailed to `email` after `since` (epoch ms), from GET /dev/mailbox. */
export function readEmailCode(request: APIRequestContext, email: string, since: number): Promise<string> {
  return readMail(request, email, since, /\b(\d{6})\b/);
}

/** Opens the account menu and signs out; ends on the sign-in page. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expectSignInPage(page);
}
