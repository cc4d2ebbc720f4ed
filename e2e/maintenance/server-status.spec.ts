import { expect, test, type Page } from '@playwright/test';
import { APP_PORTS } from '../../packages/config/src/ports.ts';
import { expectNoA11yViolations } from '../support/axe.ts';
import { API_ROOT } from '../support/server.ts';

/**
 * Announced maintenance is told on every page of every app, before anyone signs in. Announcing it changes what
 * every page shows, so this spec runs alone, after all the other specs (the Playwright project `maintenance`,
 * see playwright.config.ts), its tests one after another, and it always clears the window it announced.
 */
test.describe.configure({ mode: 'serial' });

const reason = 'Database upgrade (end-to-end test)';
// Two hours ahead: "going offline", so every app still works meanwhile.
const at = Date.now() + 2 * 60 * 60_000;

test.beforeAll(async ({ request }) => {
  const answer = await request.put(`${API_ROOT}/dev/server-status`, { data: { at, reason } });
  expect(answer.ok()).toBe(true);
  expect(await answer.json()).toEqual({
    goingOffline: true,
    offlineTime: at,
    pendingReason: reason,
    activeReason: null,
  });
});

test.afterAll(async ({ request }) => {
  const answer = await request.delete(`${API_ROOT}/dev/server-status`);
  expect((await answer.json()).goingOffline).toBe(false);
});

/** The notice, in the page's main landmark: what, when and why. */
function notice(page: Page) {
  return page.getByRole('main').getByRole('status').filter({ hasText: 'Planned maintenance' });
}

async function expectNotice(page: Page) {
  await expect(notice(page)).toBeVisible();
  await expect(notice(page)).toContainText('Tend will be unavailable for maintenance from');
  await expect(notice(page)).toContainText(`Reason: ${reason}`);
}

test('a sign-in page tells of the announced maintenance', async ({ page }) => {
  await page.goto(`http://localhost:${APP_PORTS.patient}/authentication/login`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expectNotice(page);
  await expectNoA11yViolations(page);
  // Another portal's sign-in page, too.
  await page.goto(`http://localhost:${APP_PORTS.therapist}/authentication/login`);
  await expectNotice(page);
});

test('the public site tells of it on every page, and stops once the window is cleared', async ({
  page,
  request,
}) => {
  await page.goto('/contact/access');
  await expect(page.getByRole('heading', { level: 1, name: 'Request access to Tend' })).toBeVisible();
  await expectNotice(page);
  await expectNoA11yViolations(page);
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Join Tend' })).toBeVisible();
  await expectNotice(page);

  await request.delete(`${API_ROOT}/dev/server-status`);
  // The status file is read on arrival: once it has answered, there is nothing to tell.
  const statusRead = page.waitForResponse((r) => r.url().includes('/server-status.json') && r.ok());
  await page.goto('/404');
  await expect(page.getByRole('heading', { level: 1, name: "We can't find that page" })).toBeVisible();
  await statusRead;
  await expect(notice(page)).toHaveCount(0);
});
