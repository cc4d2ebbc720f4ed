import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { DEMO_USERS } from '../../../e2e/support/server.ts';
import { readEmailCode, submitCode, submitCredentials } from '../../../packages/auth/e2e/portal.ts';
import { freshAccount } from '../../../packages/auth/e2e/accounts.ts';
import { describePortal } from '../../../packages/auth/e2e/portalSpecs.ts';

// The patient signs in with the password alone; the shared portal specs (a fresh patient of their own: signing
// out ends every session of the account, and other specs use the demo patient meanwhile), then the patient's
// e-mail challenge.
describePortal({
  appName: 'Tend',
  firstName: 'Sam',
  totp: false,
  account: (request) =>
    freshAccount(request, { firstName: 'Sam', scopes: ['patient'], totp: false, tag: 'e2e-portal-patient' }),
  outsider: { email: DEMO_USERS.therapist, role: 'therapist' },
});

test.describe('patient app: the e-mail challenge', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a wrong code shows an error, the mailed code signs in', async ({ page, request }) => {
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
});
