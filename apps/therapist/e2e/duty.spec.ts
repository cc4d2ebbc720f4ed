/**
 * The safety net, against the real stack. The spec makes its own organisation under Tend Health (specs
 * run in parallel on one database, and the shared portal specs sign the demo therapist out), with a fresh
 * therapist on its duty rota at all times — the equivalent of the demo's Alex Morgan, on duty for Tend Health —
 * whose console stays open at /alerts:
 * - a patient of the organisation with no therapist takes the PHQ-9 in the patient app with item 9 = "Several
 *   days": exactly one alert, marked "No therapist yet", shows without a reload;
 * - the same patient's chat request is in the duty therapist's queue, marked high risk with the reason, and is
 *   accepted there; the conversation's header carries the flag and the reason too;
 * - a patient with a therapist taps item 9 three times and changes it once: one alert for the therapist;
 * - a therapist who takes on a patient with an open risk sees the alert at once;
 * - an alert left unacknowledged past the organisation's limit (1 minute here) escalates to the clinician on duty,
 *   and the risk history shows the step.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoA11yViolations } from '../../../e2e/support/axe.ts';
import { API_ROOT, DEMO_USERS } from '../../../e2e/support/server.ts';
import { createUser, enrolTotpByApi, keptSession, signInByApi } from '../../../packages/auth/e2e/accounts.ts';
import { ALERTS_POLL_MS } from '../../../packages/domain/src/risk-alerts/model.ts';
import {
  api,
  logMoment,
  patientApp,
  screening,
  signInTherapist,
  uniqueName,
  type TestTherapist,
} from './support.ts';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

/** The reason the server gives for PHQ-9 item 9 answered "Several days". */
const ITEM9_REASON = 'PHQ-9 item 9 (thoughts of self-harm) answered 1 of 3.';

interface Person {
  userId: string;
  email: string;
  firstName: string;
  name: string;
}

let page: Page;
let request: APIRequestContext;
let organisation: string;
let duty: TestTherapist;

async function asRootAdmin(
  method: 'GET' | 'PUT' | 'PATCH' | 'POST',
  path: string,
  data?: unknown,
  headers = {},
) {
  const send = async (fresh: boolean) =>
    request.fetch(`${API_ROOT}${path}`, {
      method,
      headers: {
        ...headers,
        Authorization: `Bearer ${await keptSession(request, DEMO_USERS.admin, ['org-admin'], fresh)}`,
      },
      ...(data === undefined ? {} : { data }),
    });
  let response = await send(false);
  if (response.status() === 401) response = await send(true);
  const text = await response.text();
  expect(response.status(), `${method} ${path}: ${text}`).toBeLessThan(300);
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return text;
  }
}

async function therapistOf(org: string, firstName: string): Promise<TestTherapist> {
  const lastName = uniqueName('Duty');
  const email = `${lastName.toLowerCase()}@example.com`;
  const user = await createUser(request, {
    email,
    firstName,
    lastName,
    scopes: ['therapist'],
    organisationId: org,
  });
  const { token, secret } = await enrolTotpByApi(request, email, ['therapist']);
  return { userId: user.userId, email, firstName, lastName, name: `${firstName} ${lastName}`, secret, token };
}

async function patientOf(org: string, firstName: string): Promise<Person> {
  const lastName = uniqueName('Ellis');
  const email = `duty-${lastName.toLowerCase()}@example.com`;
  const user = await createUser(request, {
    email,
    firstName,
    lastName,
    scopes: ['patient'],
    organisationId: org,
  });
  return { userId: user.userId, email, firstName, name: `${firstName} ${lastName}` };
}

async function patientToken(p: Person) {
  return signInByApi(request, p.email, ['patient']);
}

/** The therapist takes the patient on with the code the patient's app shows. */
async function takeOnByCode(therapist: TestTherapist, p: Person) {
  const code = await api<{ code: string }>(request, await patientToken(p), 'GET', '/patient/get-access-code');
  await api(request, therapist.token, 'POST', '/therapist/assigned-patients', { accessCode: code.code });
}

const alertsOf = async (therapist: TestTherapist, p: Person) =>
  (
    await api<{
      items: Array<{ patientId: string; route: string; noTherapist: boolean; answerChanged: boolean }>;
    }>(request, therapist.token, 'GET', '/therapist/risk-alerts?status=all&limit=100')
  ).items.filter((a) => a.patientId === p.userId);

/** Answers the first eight PHQ-9 questions "Several days" and arrives at item 9. */
async function toItem9(app: Page) {
  await app.goto('/screening/phq9');
  for (let i = 0; i < 8; i++) {
    await app.getByRole('radio', { name: 'Several days (1)', exact: true }).check();
    await app.getByRole('button', { name: 'Next' }).click();
  }
  await expect(
    app.getByRole('radiogroup', {
      name: 'Thoughts that you would be better off dead or of hurting yourself in some way',
    }),
  ).toBeVisible();
}

const closeCrisisPanel = async (app: Page) => {
  await expect(app.getByRole('dialog', { name: 'Get help now' })).toBeVisible();
  await app.keyboard.press('Escape');
  await expect(app.getByRole('dialog', { name: 'Get help now' })).toBeHidden();
};

async function submitResult(app: Page) {
  await app.getByRole('button', { name: 'Next' }).click();
  await app.getByRole('button', { name: 'See my result' }).click();
  await expect(app.getByRole('heading', { level: 1, name: 'Your PHQ-9 result' })).toBeVisible();
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext();
  page = await context.newPage();
  request = context.request;
  organisation = String(
    await asRootAdmin('POST', '/organisation?maxRedemptions=50', {
      tubAdminOrganisationDetails: { name: `Duty E2E ${Date.now()}`, parentOrganisation: 'org-tend-health' },
    }),
  );
  duty = await therapistOf(organisation, 'Dana');
  await asRootAdmin('PUT', `/organisation/${organisation}/duty-rota`, {
    shifts: [{ therapistId: duty.userId, day: null, startMinute: 0, endMinute: 1440 }],
  });
  await signInTherapist(page, duty, '/alerts');
});
test.afterAll(() => page.context().close());

test('a patient with no therapist answers item 9 "Several days": one alert, marked no therapist yet, without a reload', async ({
  browser,
}) => {
  const patient = await patientOf(organisation, 'Noor');
  await expect(page.getByRole('heading', { level: 1, name: 'Risk alerts' })).toBeVisible();
  await expect(page.getByTestId('duty-notice')).toContainText('You are on duty');
  await expectNoA11yViolations(page);
  await page.evaluate(() => Object.assign(window, { e2eNoReload: true }));

  const app = await patientApp(browser, patient);
  await toItem9(app);
  await app.getByRole('radio', { name: 'Several days (1)', exact: true }).check();
  await closeCrisisPanel(app);
  await submitResult(app);
  await app.context().close();

  const alert = page.getByTestId('risk-alert').filter({ hasText: patient.name });
  await expect(alert).toHaveCount(1, { timeout: 60_000 });
  expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);
  await expect(alert.getByTestId('no-therapist')).toHaveText('No therapist yet');
  await expect(alert).toContainText(ITEM9_REASON);
  expect(await alertsOf(duty, patient)).toHaveLength(1);
  await expectNoA11yViolations(page);

  // The same patient asks for a chat: it waits in the duty therapist's queue and is accepted there.
  await api(request, await patientToken(patient), 'POST', '/patient/chat/request-chat', {
    message: 'Could someone talk to me?',
  });
  await page
    .getByRole('link', { name: /^Chats/ })
    .first()
    .click();
  const accept = page.getByRole('button', { name: `Accept the chat request of ${patient.name}` });
  await expect(accept).toBeVisible({ timeout: 60_000 });
  // The card says the patient has no therapist yet, and what accepting means.
  const card = page.getByRole('listitem').filter({ has: accept });
  await expect(card.getByText('No therapist yet', { exact: true })).toBeVisible();
  await expect(card.getByText(/Accepting it makes you their therapist\./)).toBeVisible();
  // The high-risk flag and its reason, before the request is accepted.
  await expect(card.getByText('High risk', { exact: true })).toBeVisible();
  await expect(card.getByTestId('request-risk-reason')).toContainText(`Flagged: ${ITEM9_REASON}`);
  await expectNoA11yViolations(page);
  await accept.focus();
  await page.keyboard.press('Enter');
  await expect(accept).toBeHidden({ timeout: 30_000 });
  // The conversation opens; its header carries the flag and the reason too.
  await expect(page.getByRole('heading', { level: 1, name: `Chat with ${patient.name}` })).toBeVisible({
    timeout: 30_000,
  });
  const header = page.getByTestId('chat-header');
  await expect(header.getByText('High risk', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(header.getByTestId('chat-risk-reason')).toContainText(`Flagged: ${ITEM9_REASON}`);
  await expectNoA11yViolations(page);
  const team = await api<{ items: Array<{ therapistId: string }> }>(
    request,
    await patientToken(patient),
    'GET',
    '/patient/therapists',
  );
  expect(team.items.map((t) => t.therapistId)).toEqual([duty.userId]);
});

test('a patient with a therapist taps item 9 three times and changes it once: one alert for the therapist', async ({
  browser,
}) => {
  const therapist = await therapistOf(organisation, 'Kit');
  const patient = await patientOf(organisation, 'Remy');
  await takeOnByCode(therapist, patient);
  const app = await patientApp(browser, patient);
  await toItem9(app);
  await app.getByRole('radio', { name: 'Several days (1)', exact: true }).check();
  await closeCrisisPanel(app);
  await app.getByRole('radio', { name: 'More than half the days (2)', exact: true }).check();
  await app.getByRole('radio', { name: 'Nearly every day (3)', exact: true }).check();
  await app.getByRole('radio', { name: 'Not at all (0)', exact: true }).check();
  await submitResult(app);
  await app.context().close();
  await expect.poll(async () => (await alertsOf(therapist, patient)).length, { timeout: 30_000 }).toBe(1);
  // Settled: still one, and the change is there for the clinician to see.
  await page.waitForTimeout(3_000);
  const alerts = await alertsOf(therapist, patient);
  expect(alerts).toHaveLength(1);
  expect(alerts[0]).toMatchObject({ route: 'care-team', answerChanged: true, noTherapist: false });
  // Not the duty clinician's: the patient has a therapist.
  expect(await alertsOf(duty, patient)).toHaveLength(0);
});

test('a therapist who takes on a patient with an open risk sees the alert at once', async ({ browser }) => {
  const patient = await patientOf(organisation, 'Sol');
  await logMoment(
    request,
    { ...patient, lastName: '', token: await patientToken(patient) },
    'phq9',
    screening('phq9', [1, 1, 1, 1, 1, 1, 1, 1, 2]),
  );
  expect(await alertsOf(duty, patient)).toHaveLength(1);
  const joining = await therapistOf(organisation, 'Ari');
  await takeOnByCode(joining, patient);
  const context = await browser.newContext();
  const console2 = await context.newPage();
  await signInTherapist(console2, joining, '/alerts');
  const alert = console2.getByTestId('risk-alert').filter({ hasText: patient.name });
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText('Open when you took them on');
  await expectNoA11yViolations(console2);
  await context.close();
});

test('an alert nobody acknowledges within the limit escalates to the clinician on duty; the history shows it', async () => {
  const own = (await asRootAdmin('GET', `/organisation/${organisation}/app-settings/unmerged`)) as {
    etag: string;
  };
  await asRootAdmin(
    'PATCH',
    `/organisation/${organisation}/app-settings`,
    { escalationMinutes: 1 },
    {
      ETag: own.etag,
    },
  );
  const therapist = await therapistOf(organisation, 'Lee');
  const patient = await patientOf(organisation, 'Wren');
  await takeOnByCode(therapist, patient);
  await logMoment(
    request,
    { ...patient, lastName: '', token: await patientToken(patient) },
    'phq9',
    screening('phq9', [1, 1, 1, 1, 1, 1, 1, 1, 1]),
  );
  expect((await alertsOf(therapist, patient)).map((a) => a.route)).toEqual(['care-team']);
  // One minute, then the job queue's next poll (every 5 s).
  const escalated = page.getByTestId('risk-alert').filter({ hasText: patient.name });
  await page
    .getByRole('link', { name: /^Risk alerts/ })
    .first()
    .click();
  await expect(escalated).toContainText('Escalated: not acknowledged in time', {
    timeout: 60_000 + ALERTS_POLL_MS + 60_000,
  });
  await expectNoA11yViolations(page);
  const history = await api<{
    items: Array<{ kind: string; level?: number; therapists?: Array<{ therapistId: string }> }>;
  }>(request, therapist.token, 'GET', `/patients/${patient.userId}/risk-history?limit=100`);
  const step = history.items.find((e) => e.kind === 'escalation');
  expect(step).toMatchObject({ level: 1 });
  expect(step!.therapists!.map((p) => p.therapistId)).toEqual([duty.userId]);
});
