import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { API_ROOT } from '../../../e2e/support/server.ts';

test('the server answers /server-status', async ({ request }) => {
  const response = await request.get(`${API_ROOT}/server-status`);
  expect(response.status()).toBe(200);
});

// The status file cannot be reached (answered 503 here, as an unreachable status host would be): after its
// retries the public site says so in its notices, above the page, and the message goes once the file answers.
test('a failed status poll shows the message in the notices of the public site, until a poll succeeds', async ({
  page,
}) => {
  let failing = true;
  let attempts = 0;
  await page.route('**/server-status.json?*', async (route) => {
    if (!failing) return route.continue();
    attempts += 1;
    return route.fulfill({ status: 503, body: '' });
  });
  await page.goto('/contact/access');
  await expect(page.getByRole('heading', { level: 1, name: 'Request access to Tend' })).toBeVisible();
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'Something bad happened; please try again later.' });
  await expect(alert).toBeVisible();
  // The first poll and its three retries.
  expect(attempts).toBe(4);
  await expectNoA11yViolations(page);

  failing = false;
  await alert.getByRole('button', { name: 'Check again' }).click();
  await expect(alert).toHaveCount(0);
});
