/**
 * The safety net for a patient with a therapist and the therapist's views, in two browser contexts against the real
 * stack: the patient's screening and chat screens name their therapist; the therapist's chat-request card
 * carries the high-risk badge and reason; the record shows the PHQ-9 answers item by item and the patient's
 * shared safety plan (read-only, with when it changed); once the patient stops sharing, the record says so
 * and the server refuses the plan.
 */
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { APP_PORTS } from '@tend/config/ports';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { API_ROOT, DEMO_PASSWORD } from '../../../e2e/support/server.ts';
import { createUser, signInByApi, type NewUser } from '../../../packages/auth/e2e/accounts.ts';
import { freshTotpCode, submitCode, submitCredentials } from '../../../packages/auth/e2e/portal.ts';
import { newTherapist, takeOn, type TestTherapist } from './support.ts';

const PATIENT_APP = `http://localhost:${APP_PORTS.patient}`;
const THERAPIST_APP = `http://localhost:${APP_PORTS.therapist}`;
const stamp = Date.now().toString(36);
const as = (bearer: string) => ({ headers: { Authorization: `Bearer ${bearer}` } });

interface Patient extends NewUser {
  name: string;
  bearer: string;
}

async function newPatientOf(request: APIRequestContext, therapist: TestTherapist): Promise<Patient> {
  const firstName = 'Dana';
  const lastName = `Safety${stamp}`;
  const user = await createUser(request, {
    email: `safety-net-${stamp}@example.com`,
    firstName,
    lastName,
    scopes: ['patient'],
  });
  const bearer = await signInByApi(request, user.email, ['patient']);
  await takeOn(request, therapist, bearer, [200]);
  return { ...user, name: `${firstName} ${lastName}`, bearer };
}

const answer = async (page: Page, label: string) => {
  await page.getByRole('radio', { name: label, exact: true }).check();
};

test.describe('the safety net, seen by a patient with a therapist and by the therapist', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let therapist: TestTherapist;
  let patient: Patient;
  let patientContext: BrowserContext;
  let therapistContext: BrowserContext;
  let patientPage: Page;
  let therapistPage: Page;

  test.beforeAll(async ({ browser, request }) => {
    test.setTimeout(180_000);
    therapist = await newTherapist(request, 'Riley');
    patient = await newPatientOf(request, therapist);
    const context = (baseURL: string) =>
      browser.newContext({ baseURL, locale: 'en-GB', timezoneId: 'Europe/London' });
    patientContext = await context(PATIENT_APP);
    therapistContext = await context(THERAPIST_APP);
    patientPage = await patientContext.newPage();
    therapistPage = await therapistContext.newPage();
    await patientPage.goto(`/authentication/login?returnTo=${encodeURIComponent('/screening')}`);
    await submitCredentials(patientPage, patient.email, DEMO_PASSWORD);
    await therapistPage.goto(`/authentication/login?returnTo=${encodeURIComponent('/chats')}`);
    await submitCredentials(therapistPage, therapist.email, DEMO_PASSWORD);
    await submitCode(therapistPage, await freshTotpCode(therapist.secret, { account: therapist.email }));
    // Sign-in with a second factor on a busy runner: give it time.
    await expect(therapistPage.getByRole('heading', { level: 1, name: 'Chats' })).toBeVisible({
      timeout: 60_000,
    });
  });

  test.afterAll(async ({ request }) => {
    await request.post(`${API_ROOT}/patient/chat/end-chat`, as(patient.bearer)).catch(() => undefined);
    await patientContext?.close();
    await therapistContext?.close();
  });

  test('the patient’s screening and chat screens name their therapist', async () => {
    await expect(patientPage.getByRole('heading', { level: 1, name: 'Mood and anxiety' })).toBeVisible();
    await expect(
      patientPage.getByText(`Your scores are shared with ${therapist.name}.`, { exact: false }),
    ).toBeVisible();
    await patientPage.getByRole('link', { name: 'Take the PHQ-9' }).click();
    const answers = [2, 1, 1, 0, 0, 1, 0, 0, 1];
    const labels = ['Not at all (0)', 'Several days (1)', 'More than half the days (2)'];
    for (const [i, a] of answers.entries()) {
      await answer(patientPage, labels[a]!);
      if (i === 8) {
        const dialog = patientPage.getByRole('dialog', { name: 'Get help now' });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('heading', { name: `Talk to ${therapist.name}` })).toBeVisible();
        await patientPage.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
      await patientPage.getByRole('button', { name: 'Next' }).click();
    }
    await patientPage.getByRole('button', { name: 'See my result' }).click();
    await expect(patientPage.getByTestId('safety-message')).toContainText(
      `Your answer to that question has been shared with ${therapist.name}.`,
    );
    await expect(patientPage.getByText('6 out of 27: Mild')).toBeVisible();
    await expectNoA11yViolations(patientPage);

    await patientPage.goto('/chat');
    await expect(
      patientPage.getByText(`Send a message to ${therapist.name}.`, { exact: false }),
    ).toBeVisible();
    await patientPage
      .getByRole('textbox', { name: /What would you like to talk about/ })
      .fill('Could we talk about this week?');
    await patientPage.getByRole('button', { name: 'Request a chat' }).click();
    await expect(
      patientPage.getByText(`Your request has been sent to ${therapist.name}.`, { exact: false }),
    ).toBeVisible();
    await expect(patientPage.getByRole('main').getByText(/care team/)).toHaveCount(0);
    await expectNoA11yViolations(patientPage);
  });

  test('the therapist’s chat-request card carries the high-risk badge and reason', async () => {
    const row = therapistPage
      .getByRole('list', { name: 'Chat requests, emergencies first' })
      .getByRole('listitem')
      .filter({ hasText: patient.name });
    await expect(row).toBeVisible();
    await expect(row.getByText('High risk', { exact: true })).toBeVisible();
    await expect(row.getByTestId('request-risk-reason')).toContainText('PHQ-9 item 9');
    await expectNoA11yViolations(therapistPage);
  });

  test('the record shows the PHQ-9 answers item by item', async () => {
    await therapistPage.goto(`/patients/${encodeURIComponent(patient.userId)}/measures`);
    const answers = therapistPage.getByTestId('item-answers-phq9');
    // The measures load a 90-day graph first (slow on a busy runner).
    await expect(answers).toBeVisible({ timeout: 60_000 });
    await expect(answers.getByText('Item 9 above 0')).toBeVisible();
    const table = answers.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(9);
    await expect(table.getByRole('row').nth(0)).toContainText('More than half the days (2)');
    await expect(table.getByRole('row').nth(8)).toContainText('Several days (1)');
    // The trend chart above (ScreeningTrend, known and reported in patient-record.spec.ts) is left out; the
    // answers item by item are checked.
    await expectNoA11yViolations(therapistPage, {
      exclude: [
        'section[aria-labelledby="measures-phq9"] div[aria-hidden="true"]',
        'section[aria-labelledby="measures-phq9"] td .mantine-Badge-root[data-variant="light"]',
      ],
    });
  });

  test('the therapist reads the shared safety plan; once the patient stops sharing, it is private and refused', async ({
    request,
  }) => {
    await patientPage.goto('/safety-plan');
    await patientPage.getByLabel('What helps me cope').fill('A walk by the river\nCalling my sister');
    await patientPage.getByRole('button', { name: 'Save my plan' }).click();
    await expect(patientPage.getByText('Your safety plan is saved.')).toBeVisible();
    await expect(patientPage.getByTestId('plan-readers')).toHaveText(
      `${therapist.name} can read your plan. They cannot change it.`,
    );
    await expectNoA11yViolations(patientPage);

    await therapistPage
      .getByRole('navigation', { name: 'Patient record' })
      .getByRole('link', { name: 'Safety plan' })
      .click();
    const plan = therapistPage.getByTestId('safety-plan');
    await expect(plan).toBeVisible();
    await expect(plan.getByRole('heading', { name: 'What helps them cope' })).toBeVisible();
    await expect(plan.getByText('Calling my sister')).toBeVisible();
    await expect(plan.getByText(/Last changed/)).toBeVisible();
    await expectNoA11yViolations(therapistPage);

    await patientPage.getByRole('button', { name: 'Stop sharing my plan' }).focus();
    await patientPage.keyboard.press('Enter');
    await expect(patientPage.getByText('Your plan is now private: only you can read it.')).toBeVisible();
    await expect(patientPage.getByTestId('plan-readers')).toHaveText(
      'Only you can read your plan. Your therapists cannot see it.',
    );

    await therapistPage.reload();
    await expect(therapistPage.getByTestId('safety-plan-private')).toBeVisible();
    await expect(therapistPage.getByText('Calling my sister')).toHaveCount(0);
    await expectNoA11yViolations(therapistPage);
    const refused = await request.get(
      `${API_ROOT}/patients/${patient.userId}/safety-plan`,
      as(therapist.token),
    );
    expect(refused.status()).toBe(403);
  });
});
