/**
 * An organisation's research settings reach its patient: with research on and consent required, Today asks
 * once (what is shared, under a code, the study), the answer is recorded and shown in Account with how long the
 * organisation keeps moments, and it can be changed there at any time. With research off, nothing is asked.
 * A fresh organisation and patient: nothing here touches the demo accounts.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { API_ROOT } from '../../../e2e/support/server.ts';
import { signInByApi } from '../../../packages/auth/e2e/accounts.ts';
import { createOrganisation } from '../../admin/e2e/support.ts';
import { newPatient, patchOrganisationSettings, signInPatient, type Patient } from './support.ts';

const setResearch = (request: APIRequestContext, organisation: string, patch: object) =>
  patchOrganisationSettings(request, organisation, 'research-settings', patch);

async function consentOnServer(request: APIRequestContext, patient: Patient) {
  const token = await signInByApi(request, patient.email, ['patient']);
  const res = await request.get(`${API_ROOT}/patient/research-consent`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { consented: boolean | null; ask: boolean };
}

test.describe('patient app: research consent', () => {
  test.describe.configure({ mode: 'serial', timeout: 150_000 });
  let page: Page;
  let patient: Patient;
  let organisation: string;

  test.beforeAll(async ({ browser, request }) => {
    test.setTimeout(120_000);
    organisation = await createOrganisation(request, `E2E research ${Date.now()}`);
    await setResearch(request, organisation, {
      researchEnabled: true,
      consentRequired: true,
      studyId: 'STUDY-42',
      anonymiseExports: true,
      dataRetentionDays: 365,
    });
    patient = await newPatient(request, 'research', 'Ira', {
      lastName: 'Lund',
      organisationId: organisation,
    });
    page = await (await browser.newContext()).newPage();
  });
  test.afterAll(() => page.context().close());

  test('Today asks once, saying what is shared and under a code; the yes is recorded', async ({
    request,
  }) => {
    await signInPatient(page, patient);
    const question = page.getByRole('region', { name: 'Can your scores help research?' });
    await expect(question).toBeVisible();
    await expect(question.getByText('Study: STUDY-42')).toBeVisible();
    await expect(question.getByText(/you appear under a code/)).toBeVisible();
    await expect(question.getByText(/not your journal, notes or messages/)).toBeVisible();
    await expectNoA11yViolations(page);
    await question.getByRole('button', { name: 'Yes, I agree' }).click();
    await expect(page.getByText(/Thank you\. Your scores will help the research\./)).toBeVisible();
    expect(await consentOnServer(request, patient)).toMatchObject({ consented: true, ask: false });

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ira' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Can your scores help research?' })).toHaveCount(0);
  });

  test('Account shows the answer and the retention, and changes the answer', async ({ request }) => {
    await page.goto('/account');
    const choice = page.getByRole('switch', { name: /Let my scores be used in my organisation's research/ });
    await expect(choice).toBeChecked();
    await expect(page.getByText(/^You agreed on /)).toBeVisible();
    await expect(
      page.getByText(
        'Your organisation keeps what you log (moments, survey answers and exercise sessions) for 365 days',
        { exact: false },
      ),
    ).toBeVisible();
    await expectNoA11yViolations(page);
    await choice.click();
    await expect(page.getByText(/^You said no on /)).toBeVisible();
    await expect(choice).not.toBeChecked();
    expect(await consentOnServer(request, patient)).toMatchObject({ consented: false });
  });

  test('with research switched off, nothing is asked and Account has no research choice', async ({
    request,
  }) => {
    await setResearch(request, organisation, { researchEnabled: false });
    await page.goto('/account');
    await expect(
      page.getByText(
        'Your organisation keeps what you log (moments, survey answers and exercise sessions) for 365 days',
        { exact: false },
      ),
    ).toBeVisible();
    await expect(
      page.getByRole('switch', { name: /Let my scores be used in my organisation's research/ }),
    ).toHaveCount(0);
    expect(await consentOnServer(request, patient)).toMatchObject({ ask: false });
  });
});
