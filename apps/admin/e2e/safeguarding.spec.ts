import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { DEMO_USERS } from '../../../e2e/support/server.ts';
import { ROOT_ADMIN, signedInPage } from './support.ts';

test.describe('safeguarding look-up', () => {
  // Signing in as the demo administrator waits for a TOTP step of its own (one per 30 s for all workers), which
  // on a loaded runner has left too little of 120 s for the journey (the last check ran out of time once).
  test.describe.configure({ timeout: 240_000 });

  test('asks why, shows the patient’s chats, and the look-up appears in the log with who and why', async ({
    browser,
  }) => {
    const page = await signedInPage(browser, ROOT_ADMIN);
    await page.getByRole('link', { name: 'Safeguarding' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Safeguarding' })).toBeVisible();
    await expect(page).toHaveTitle('Safeguarding – Tend Admin');
    await expectNoA11yViolations(page);

    await page.getByRole('textbox', { name: /The patient's e-mail address/ }).fill(DEMO_USERS.patient);
    await page.getByRole('textbox', { name: /Why you are looking/ }).fill('short');
    await page.getByRole('button', { name: 'Look up their chats' }).click();
    await expect(page.getByText('Say why in at least 10 characters.')).toBeVisible();

    const reason = `E2E review ${Date.now()}: her therapist raised a concern after Tuesday's session.`;
    await page.getByRole('textbox', { name: /Why you are looking/ }).fill(reason);
    await page.getByRole('button', { name: 'Look up their chats' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: `Chats of ${DEMO_USERS.patient}` }),
    ).toBeVisible();
    await expect(page.getByText('Hi, I have had a difficult week and wanted to talk.').first()).toBeVisible();

    const log = page.getByRole('table', { name: 'Who looked at whose chats, when and why' });
    const row = log.getByRole('row').filter({ hasText: reason });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Riley Adams');
    await expect(row).toContainText(DEMO_USERS.patient);
    await expectNoA11yViolations(page);

    await page.getByRole('textbox', { name: /The patient's e-mail address/ }).fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Look up their chats' }).click();
    await expect(page.getByRole('alert')).toContainText('No patient found');
    await page.context().close();
  });
});
