import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { holdRequests } from './support.ts';

test.describe('install guide', () => {
  test('Android is the default platform: Play Store first, steps in order, accessible', async ({ page }) => {
    await page.goto('/openid/guide/demo');
    await expect(page.getByRole('heading', { level: 1, name: 'Install the Tend app' })).toBeVisible();
    await expect(page).toHaveTitle('Install the app – Tend');
    await expect(page.getByRole('img', { name: 'Tend' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Demo Health logo' })).toBeVisible();
    const steps = page.getByRole('list', { name: 'Steps' }).getByRole('listitem');
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(0)).toContainText('Install Tend from the Google Play Store');
    await expect(steps.nth(1)).toContainText('"Sign in with your organisation"');
    await expect(steps.nth(2)).toContainText('Pick "Demo Health"');
    await expect(steps.nth(3)).toContainText('Demo Health account');
    await expect(steps.nth(0).locator('img')).toHaveAttribute('src', '/assets/images/guide/play-store.png');
    await expect(steps.nth(3).locator('img')).toHaveAttribute('src', '/assets/guide/demo/openID_Login.png');
    await expectNoA11yViolations(page);
  });

  test('iOS shows the App Store; the grid has 300px columns and a 4rem gap', async ({ page }) => {
    await page.goto('/openid/guide/ios/demo');
    const steps = page.getByRole('list', { name: 'Steps' });
    await expect(steps.getByRole('listitem').first()).toContainText('Install Tend from the App Store');
    await expect(steps.getByRole('listitem').first().locator('img')).toHaveAttribute(
      'src',
      '/assets/images/guide/app-store.png',
    );
    // Retried: the app takes over from the prerendered page, whose list may be replaced in between.
    await expect(steps).toHaveCSS('column-gap', '64px');
    // The narrowest column (NaN while the list is not laid out as a grid yet: the same take-over), retried.
    await expect
      .poll(() =>
        steps.evaluate((el) =>
          Math.min(
            ...getComputedStyle(el)
              .gridTemplateColumns.split(' ')
              .map((c) => parseFloat(c)),
          ),
        ),
      )
      .toBeGreaterThanOrEqual(300);
    await expectNoA11yViolations(page);
  });

  test('Get app sends the browser to the app deep link', async ({ page }) => {
    await page.goto('/openid/guide/demo');
    await expect(page.getByRole('link', { name: 'Get the app' })).toHaveAttribute(
      'href',
      /^[a-z][a-z0-9+.-]*:\/\/open$/,
    );
  });

  test('the config is fetched once per client', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/config.json')) requests.push(request.url());
    });
    await page.goto('/openid/guide/demo');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Get the app' }).evaluate(() => {
      history.pushState({}, '', '/openid/guide/ios/demo');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('list', { name: 'Steps' }).getByRole('listitem').first()).toContainText(
      'App Store',
    );
    expect(requests).toHaveLength(1);
  });

  test('shows a spinner while the configuration loads', async ({ page }) => {
    const release = await holdRequests(page, '**/assets/guide/demo/config.json');
    await page.goto('/openid/guide/demo');
    await expect(page.getByRole('status', { name: 'Loading the install guide' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Install the Tend app' })).toBeVisible();
  });

  test('an unknown client is sent to 404', async ({ page }) => {
    await page.goto('/openid/guide/android/no-such-client');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { level: 1, name: "We can't find that page" })).toBeVisible();
  });

  test('a guide that cannot be fetched says so (not a 404), and Try again loads it', async ({ page }) => {
    let fail = true;
    await page.route('**/assets/guide/demo/config.json', (route) =>
      fail ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.goto('/openid/guide/demo');
    // Said as a failure to load, or as being offline where the browser has no network at all.
    await expect(page.getByText(/The install guide could not be loaded|You're offline/)).toBeVisible();
    await expect(page).toHaveURL(/\/openid\/guide\/demo$/);
    await expectNoA11yViolations(page);
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('img', { name: / logo$/ })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('lang switches the language (unknown languages fall back to English)', async ({ page }) => {
    await page.goto('/openid/guide/demo?lang=en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
    await page.goto('/openid/guide/demo?lang=xx');
    await expect(page.getByRole('heading', { level: 1, name: 'Install the Tend app' })).toBeVisible();
  });
});
