import { expect, test } from '@playwright/test';
import { APP_PORTS } from '../../../packages/config/src/ports.ts';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';

// GET /regions is asked once per visit; a development build simulates a visit from a country with ?country=XX
// (sent as the contract's X-Country-Code, which the edge sets in production). The server serves Europe and
// Australia/New Zealand: the United States is outside the service.
test.describe('regions', () => {
  test('a visitor from a region the service does not serve is sent to /regionerror, which says where help is', async ({
    page,
  }) => {
    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/regions');
    await page.goto('/signup?country=US');
    const answer = await asked;
    expect(answer.request().headers()['x-country-code']).toBe('US');
    expect(await answer.json()).toMatchObject({ country: 'US', allowed: false });
    await expect(page).toHaveURL(/\/regionerror$/);
    await expect(
      page.getByRole('heading', { level: 1, name: "Tend isn't available in your region yet" }),
    ).toBeVisible();
    const help = page.getByRole('region', { name: 'Where to find help now' });
    await expect(help).toContainText('call your local emergency number');
    await expect(help.getByRole('link', { name: /findahelpline\.com/ })).toHaveAttribute(
      'href',
      'https://findahelpline.com',
    );
    await expectNoA11yViolations(page);

    // Asked once per visit: another page of the visit is sent there too, without asking again.
    let again = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/regions') again += 1;
    });
    await page.goto('/contact/access');
    await expect(page).toHaveURL(/\/regionerror$/);
    expect(again).toBe(0);
  });

  test('a visitor from a served region stays where they are', async ({ page }) => {
    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/regions');
    await page.goto('/contact/access?country=IE');
    expect(await (await asked).json()).toMatchObject({ country: 'IE', allowed: true });
    await expect(page.getByRole('heading', { level: 1, name: 'Request access to Tend' })).toBeVisible();
    await expect(page).toHaveURL(/\/contact\/access/);
  });

  test('the portals send a visitor from outside the service to their /regionerror too', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: `http://localhost:${APP_PORTS.patient}` });
    const page = await context.newPage();
    await page.goto('/authentication/login?country=US');
    await expect(page).toHaveURL(/\/regionerror$/);
    await expect(
      page.getByRole('heading', { level: 1, name: "Tend isn't available in your region yet" }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Where to find help now' })).toBeVisible();
    await expectNoA11yViolations(page);
    await context.close();
  });
});
