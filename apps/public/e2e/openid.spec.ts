import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { API_ROOT } from '../../../e2e/support/server.ts';

test.describe('OpenID landing page', () => {
  test('signs in through the development provider from loginURL to Authorised', async ({ page, request }) => {
    const answer = await request.get(`${API_ROOT}/iams/openid/loginURL`, {
      params: { appId: 'tend-patient', clientID: 'demo' },
    });
    expect(answer.ok()).toBe(true);
    const loginUrl = (await answer.text()).trim();
    await page.goto(loginUrl);
    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Password').fill('Tend-demo-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/openid\/demo\?/);
    await expect(page.getByRole('heading', { level: 1, name: "You're signed in" })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByText(/Your account is authorised/)).toBeVisible();
    await expect(page.getByRole('img', { name: /sign-in succeeded/ })).toBeVisible();
    const openApp = page.getByRole('link', { name: 'Open App' });
    await expect(openApp).toHaveAttribute(
      'href',
      /^[a-z][a-z0-9+.-]*:\/\/open\?redirect=openid%2Fdemo&token=.+/,
    );
    await expect(page.getByRole('link', { name: 'open the app here' })).toHaveAttribute(
      'href',
      (await openApp.getAttribute('href'))!,
    );
    // The automatic hand-over to the app's scheme (no app in the test browser) leaves the page as it is.
    await page.waitForTimeout(2000);
    await expect(page.getByRole('heading', { level: 1, name: "You're signed in" })).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test("says the provider's error in the app's words, without Back", async ({ page }) => {
    await page.goto(
      '/openid/demo?error=access_denied&error_description=The+user+declined+the+sign-in.&state=x',
    );
    await expect(page.getByRole('heading', { level: 1, name: 'We could not sign you in' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('The sign-in was cancelled or not allowed.');
    await expect(page.getByRole('alert')).not.toContainText('The user declined the sign-in.');
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await expectNoA11yViolations(page);
  });

  test("words a failed callback (never the server's text), reports it, and Back returns to the previous view", async ({
    page,
  }) => {
    const reports: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/error-reporting') && r.method() === 'POST') reports.push(r.postDataJSON());
    });
    await page.goto('/openid/demo?state=not-a-real-state&code=not-a-real-code');
    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).not.toHaveText('');
    const text = (await alert.textContent()) ?? '';
    expect(text).not.toMatch(/[{}]/); // the app's words, not JSON
    await expect(alert).toContainText('This sign-in has expired. Please start again.');
    await expect.poll(() => reports.length).toBeGreaterThan(0);
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: 'Back' }).click();
    // The previous view (loading) runs the callback again, which fails the same way.
    await expect(page.getByRole('alert')).toHaveText(text);
  });

  test('says the server could not be reached when the callback gets no answer', async ({ page }) => {
    await page.route('**/iams/openid/loginCallback**', (route) => route.abort('connectionfailed'));
    await page.goto('/openid/demo?state=s&code=c');
    // Said as a failure to reach the server, or as being offline where the browser has no network at all.
    const said = page.getByText(/We could not reach Tend\.|You seem to be offline\./);
    await expect(said).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('{');
    await expectNoA11yViolations(page);
  });
});
