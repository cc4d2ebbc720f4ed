import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { signupHostUrl } from './support.ts';

/** Every page of the public app, its title and its main heading; each one checked with axe. */
const pages = [
  { path: '/signup', title: 'Join Tend – Tend', heading: 'Join Tend' },
  { path: '/openid/guide/ios/demo', title: 'Install the app – Tend', heading: 'Install the Tend app' },
  { path: '/openid/guide/demo', title: 'Install the app – Tend', heading: 'Install the Tend app' },
  {
    path: '/openid/demo?error=access_denied&error_description=You+cancelled',
    title: 'Signing in – Tend',
    heading: 'We could not sign you in',
  },
  {
    path: '/regionerror',
    title: 'Not available in your region – Tend',
    heading: "Tend isn't available in your region yet",
  },
  { path: '/404', title: 'Page not found – Tend', heading: "We can't find that page" },
  { path: '/contact/access', title: 'Request access – Tend', heading: 'Request access to Tend' },
  {
    path: '/contact/callback?token=demo-contact-token&callbackGroup=care',
    title: 'Request a callback – Tend',
    heading: 'Request a callback',
  },
  {
    path: '/contact/check-in?token=demo-contact-token',
    title: 'Request a check-in – Tend',
    heading: 'Request a check-in',
  },
  {
    path: '/email/subscribe?email=someone@example.com',
    title: 'Subscribe to e-mails – Tend',
    heading: 'Subscribe to Tend e-mails',
  },
  {
    path: '/email/unsubscribe?email=someone@example.com',
    title: 'Unsubscribe from e-mails – Tend',
    heading: 'Unsubscribe from Tend e-mails',
  },
  { path: '/email/update', title: 'Confirm your e-mail – Tend', heading: 'Confirming your e-mail address' },
];

test.describe('routes on the public host', () => {
  test('the empty path redirects to the sign-up module', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Join Tend' })).toBeVisible();
  });

  for (const { path, title, heading } of pages) {
    test(`${path} has its title, heading and no axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page).toHaveTitle(title);
      await expectNoA11yViolations(page);
    });
  }

  test('anything else redirects to 404', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { level: 1, name: "We can't find that page" })).toBeVisible();
  });

  test('the skip link moves to the main content', async ({ page }) => {
    await page.goto('/regionerror');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });
});

test.describe('routes on the dedicated sign-up host', () => {
  test('the whole site is the sign-up module at the root', async ({ page, baseURL }) => {
    await page.goto(signupHostUrl(baseURL, '/'));
    await expect(page.getByRole('heading', { level: 1, name: 'Join Tend' })).toBeVisible();
    await expect(page).toHaveURL(signupHostUrl(baseURL, '/'));
    await expect(page).toHaveTitle('Join Tend – Tend');
    await expectNoA11yViolations(page);
  });

  test('{client} leads to the same client screen as openid/{client}', async ({ page, baseURL }) => {
    await page.goto(signupHostUrl(baseURL, '/demo?error=access_denied&error_description=You+cancelled'));
    await expect(page.getByRole('heading', { level: 1, name: 'We could not sign you in' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('The sign-in was cancelled or not allowed.');
    await expect(page.getByRole('alert')).not.toContainText('You cancelled');
    await expectNoA11yViolations(page);
  });

  test("the public site's other pages answer not-found there", async ({ page, baseURL }) => {
    for (const path of [
      '/signup/deeper/path',
      '/openid/guide/ios/demo',
      '/openid/demo',
      '/contact/access',
      '/email/subscribe?email=someone@example.com',
    ]) {
      await page.goto(signupHostUrl(baseURL, path));
      await expect(page.getByRole('heading', { level: 1, name: "We can't find that page" })).toBeVisible();
      await expect(page).toHaveTitle('Page not found – Tend');
      await expect(page.getByRole('heading', { level: 1, name: 'Join Tend' })).toHaveCount(0);
    }
    await expectNoA11yViolations(page);
    await page.goto(signupHostUrl(baseURL, '/404'));
    await expect(page.getByRole('heading', { level: 1, name: "We can't find that page" })).toBeVisible();
  });
});

test.describe('dark colour scheme', () => {
  test('the pages and the image viewer stay clean under axe', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const path of [
      '/signup',
      '/openid/demo?error=x&error_description=Declined',
      '/contact/access',
      '/regionerror',
      '/openid/guide/demo',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoA11yViolations(page);
    }
    await page.getByRole('button', { name: 'Step 1: view the picture larger' }).click();
    await expect(page.getByRole('dialog').locator('img')).toHaveAttribute('data-loaded', 'true');
    await expectNoA11yViolations(page);
  });
});
