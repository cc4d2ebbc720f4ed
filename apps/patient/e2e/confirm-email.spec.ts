import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { API_ROOT } from '../../../e2e/support/server.ts';
import { createUser, readMail, signInByApi } from '../../../packages/auth/e2e/accounts.ts';
import { expectSignInPage, submitCredentials } from '../../../packages/auth/e2e/portal.ts';

// The e-mail change link, end to end: a fresh patient (the demo users keep their addresses) asks the real server
// to change the address from this app's origin, the mailed link is opened without a session, and confirmed.
test.describe('patient app: confirming a new e-mail address', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the mailed link asks to sign in with the current address, confirms, and the new address signs in', async ({
    page,
    request,
    baseURL,
  }) => {
    const stamp = `${Date.now()}-${test.info().retry}`;
    const user = await createUser(request, {
      email: `casey-${stamp}@example.com`,
      firstName: 'Casey',
      lastName: 'Okoro',
      scopes: ['patient'],
    });
    const newEmail = `casey-new-${stamp}@example.com`;

    const since = Date.now();
    const bearer = await signInByApi(request, user.email, ['patient']);
    const asked = await request.post(
      `${API_ROOT}/iams/account-details/action/change-email?email=${encodeURIComponent(newEmail)}`,
      {
        headers: { Authorization: `Bearer ${bearer}`, Origin: new URL(baseURL!).origin },
      },
    );
    expect(asked.status(), await asked.text()).toBe(202);
    const link = await readMail(
      request,
      newEmail,
      since,
      /(https?:\/\/\S+\/account\/confirm-email\?id=[^\s"<>]+)/,
    );
    expect(new URL(link).origin).toBe(new URL(baseURL!).origin);

    // Opened from the mail client: a tab without a session.
    await page.goto(link);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Confirm your new e-mail address' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Confirm your new e-mail address – Tend');
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expectSignInPage(page);
    await submitCredentials(page, user.email);

    await expect(
      page.getByRole('heading', { level: 1, name: 'Your e-mail address has changed' }),
    ).toBeVisible();
    await expect(page.getByRole('status')).toContainText(`From now on, sign in with ${newEmail}.`);
    await expect(page.getByText(/you have been signed out everywhere/)).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByRole('link', { name: 'Sign in' }).click();
    await expectSignInPage(page);
    await submitCredentials(page, newEmail);
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Casey' })).toBeVisible();

    // The link works once: opened again (now signed in with the new address) it explains why it cannot be used.
    await page.goto(link);
    await expect(
      page.getByRole('heading', { level: 1, name: 'This link can no longer be used' }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(
      'If you have already used it, your new address is already the one you sign in with.',
    );
    await expectNoA11yViolations(page);
  });

  test('a link without its id says it is incomplete', async ({ page }) => {
    await page.goto('/account/confirm-email');
    await expect(page.getByRole('heading', { level: 1, name: 'This link is incomplete' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Open the link from the e-mail again');
    await expectNoA11yViolations(page);
  });
});
