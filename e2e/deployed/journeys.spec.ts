/**
 * The product as deployed (scripts/test.ts' deployed stage, `npm run e2e:deployed`): two server instances over
 * one PostgreSQL behind HAProxy (round robin, health checks), the apps' API root pointing at the balancer. The
 * chat journey and the risk-alert journey run through it, and one instance is killed (SIGKILL, no draining) in
 * the middle of both:
 *   - before: a patient asks for a chat, their therapist accepts it, both write; the patient's PHQ-9 with item
 *     9 = 1 raises a risk alert, which the therapist's console shows. Both instances answered requests.
 *   - the stop: the instance that holds the patient's chat stream is killed; the balancer's health checks take
 *     it out. The patient's reconnection is held back (in the browser) while the therapist writes, so that the
 *     message can only reach the patient through the resumed stream (its Last-Event-ID).
 *   - after: the patient gets that message, both write again, and every message, before and after, is on both
 *     screens exactly once; the therapist acknowledges the alert, and the acknowledgement is in the patient's
 *     risk history, all through the balancer to the one instance left.
 * The stage passes each instance's name, port and process group (TEND_E2E_INSTANCES) and the balancer's
 * statistics page (TEND_E2E_BALANCER_STATS).
 */
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { APP_PORTS } from '@tend/config/ports';
import { expectNoA11yViolations } from '../support/axe.ts';
import { API_ROOT, DEMO_PASSWORD } from '../support/server.ts';
import { freshTotpCode, submitCode, submitCredentials } from '../../packages/auth/e2e/portal.ts';
import { keepTabSession, restoreTabSession } from '../../packages/auth/e2e/tabSessions.ts';
import {
  api,
  logMoment,
  newPatientOf,
  newTherapist,
  screening,
  type TestPatient,
  type TestTherapist,
} from '../../apps/therapist/e2e/support.ts';

interface Instance {
  name: string;
  port: number;
  pid: number;
}
const INSTANCES = JSON.parse(process.env.TEND_E2E_INSTANCES ?? '[]') as Instance[];
const STATS = process.env.TEND_E2E_BALANCER_STATS ?? 'http://127.0.0.1:8404/stats';
const PATIENT_APP = `http://localhost:${APP_PORTS.patient}`;
const THERAPIST_APP = `http://localhost:${APP_PORTS.therapist}`;
/** The chat's event stream (GET /chats/{id}/stream?token=…[&lastEventId=…]). */
const STREAM = /\/chats\/[^/]+\/stream\?/;

/** What HAProxy's statistics say of each instance: UP, DOWN … (its CSV export). */
async function balancerStatus(request: APIRequestContext): Promise<Record<string, string>> {
  const csv = await (await request.get(`${STATS};csv`)).text();
  const [header, ...rows] = csv.trim().split('\n');
  const columns = header!.replace(/^# /, '').split(',');
  const at = (name: string) => columns.indexOf(name);
  return Object.fromEntries(
    rows
      .map((row) => row.split(','))
      .filter((cells) => cells[at('pxname')] === 'instances' && cells[at('svname')] !== 'BACKEND')
      .map((cells) => [cells[at('svname')]!, cells[at('status')]!]),
  );
}

const conversation = (page: Page) => page.getByRole('region', { name: /^Conversation/ });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Your message' });
async function say(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let patient: TestPatient;
let therapist: TestTherapist;
let patientContext: BrowserContext;
let therapistContext: BrowserContext;
let alertsContext: BrowserContext;
let patientPage: Page;
let chatPage: Page;
let alertsPage: Page;
/** The instance that answered each API response the browsers got (X-Tend-Instance), in order. */
const answeredBy: Array<{ instance: string; url: string; status: number; at: number }> = [];
/** Every chat stream the patient's app opened, with the instance that answered it (the newest is the open one). */
const patientStreams: Array<{ url: string; instance: string | undefined }> = [];
let killed: Instance;
let killedAt = 0;

/** Holds the patient's stream requests while `gate` is set (the browser's request waits in Playwright). */
let gate: {
  open: Promise<void>;
  release: () => void;
  held: Promise<string>;
  hold: (url: string) => void;
} | null = null;
function closeGate() {
  let release!: () => void;
  let hold!: (url: string) => void;
  const open = new Promise<void>((r) => (release = r));
  const held = new Promise<string>((r) => (hold = r));
  gate = { open, release, held, hold };
  return gate;
}

function watch(page: Page) {
  page.on('response', (response) => {
    if (!response.url().startsWith(API_ROOT)) return;
    const instance = response.headers()['x-tend-instance'];
    if (instance)
      answeredBy.push({ instance, url: response.url(), status: response.status(), at: Date.now() });
    if (page === patientPage && STREAM.test(response.url()))
      patientStreams.push({ url: response.url(), instance });
  });
}

test.beforeAll(async ({ browser, request }) => {
  test.setTimeout(240_000);
  expect(INSTANCES.length, 'TEND_E2E_INSTANCES names the instances behind the balancer').toBeGreaterThan(1);
  await expect
    .poll(() => balancerStatus(request))
    .toEqual(Object.fromEntries(INSTANCES.map((i) => [i.name, 'UP'])));
  therapist = await newTherapist(request, 'Jordan');
  patient = await newPatientOf(request, 'Riley', therapist);
  // The patient app's service worker stays out of the way, so that the spec can hold the stream's requests.
  patientContext = await browser.newContext({ baseURL: PATIENT_APP, serviceWorkers: 'block' });
  therapistContext = await browser.newContext({ baseURL: THERAPIST_APP });
  await patientContext.route(STREAM, async (route) => {
    const closed = gate;
    if (closed) {
      closed.hold(route.request().url());
      await closed.open;
    }
    await route.continue();
  });
  patientPage = await patientContext.newPage();
  chatPage = await therapistContext.newPage();
  for (const page of [patientPage, chatPage]) watch(page);

  await patientPage.goto(`/authentication/login?returnTo=${encodeURIComponent('/chat')}`);
  await submitCredentials(patientPage, patient.email, DEMO_PASSWORD);
  await chatPage.goto(`/authentication/login?returnTo=${encodeURIComponent('/chats')}`);
  await submitCredentials(chatPage, therapist.email, DEMO_PASSWORD);
  await submitCode(chatPage, await freshTotpCode(therapist.secret, { account: therapist.email }));
  await expect(chatPage.getByRole('heading', { level: 1, name: 'Chats' })).toBeVisible();
  // The therapist's second tab (risk alerts), signed in as a reloaded tab would be.
  await keepTabSession(chatPage, therapist.email);
  alertsContext = await browser.newContext({ baseURL: THERAPIST_APP });
  expect(await restoreTabSession(alertsContext, THERAPIST_APP, therapist.email)).toBe(true);
});

test.afterAll(async ({ request }) => {
  await request.post(`${API_ROOT}/patient/chat/end-chat`, {
    headers: { Authorization: `Bearer ${patient.token}` },
  });
  await patientContext?.close();
  await therapistContext?.close();
  await alertsContext?.close();
});

test('before the stop: a chat and a risk alert, answered by both instances in turn', async () => {
  await expect(patientPage.getByRole('heading', { level: 1, name: 'Talk to your therapist' })).toBeVisible();
  await patientPage
    .getByRole('textbox', { name: /What would you like to talk about/ })
    .fill('Can we talk before my session?');
  await patientPage.getByRole('button', { name: 'Request a chat' }).click();
  const row = chatPage
    .getByRole('list', { name: 'Chat requests, emergencies first' })
    .getByRole('listitem')
    .filter({ hasText: patient.name });
  await row.getByRole('button', { name: `Accept the chat request of ${patient.name}` }).click();
  await expect(chatPage.getByRole('heading', { level: 1, name: `Chat with ${patient.name}` })).toBeVisible();
  await expect(patientPage.getByText(`You are talking with ${therapist.name}.`)).toBeVisible();
  await say(patientPage, 'Before the stop, from Riley.');
  await expect(conversation(chatPage).getByText('Before the stop, from Riley.')).toBeVisible();
  await say(chatPage, 'Before the stop, from the therapist.');
  await expect(conversation(patientPage).getByText('Before the stop, from the therapist.')).toBeVisible();

  // The patient's PHQ-9 with item 9 = 1 (as the app sends it, through the balancer): an alert in the console.
  await logMoment(
    patientPage.context().request,
    patient,
    'phq9',
    screening('phq9', [1, 1, 1, 1, 1, 1, 0, 0, 1]),
  );
  alertsPage = await alertsContext.newPage();
  watch(alertsPage);
  await alertsPage.goto('/alerts');
  await expect(alertsPage.getByRole('heading', { level: 1, name: 'Risk alerts' })).toBeVisible();
  await expect(
    alertsPage
      .getByTestId('risk-alert')
      .filter({ hasText: patient.name })
      .filter({ hasText: 'PHQ-9 item 9 (thoughts of self-harm)' }),
  ).toHaveCount(1);
  await expectNoA11yViolations(alertsPage);

  // Round robin: both instances answered the browsers.
  expect(new Set(answeredBy.map((a) => a.instance))).toEqual(new Set(INSTANCES.map((i) => i.name)));
  expect(patientStreams.at(-1)?.instance, 'the patient’s chat stream came through the balancer').toBeTruthy();
});

test('the instance holding the patient’s chat stream is killed: the balancer takes it out, the stream resumes from its Last-Event-ID', async ({
  request,
}) => {
  const holder = patientStreams.at(-1)!.instance!;
  killed = INSTANCES.find((i) => i.name === holder)!;
  const survivor = INSTANCES.find((i) => i.name !== holder)!;
  const streamsBefore = patientStreams.length;
  const held = closeGate();
  killedAt = Date.now();
  process.kill(-killed.pid, 'SIGKILL');

  // The health checks take it out.
  await expect
    .poll(() => balancerStatus(request), { timeout: 15_000 })
    .toMatchObject({ [killed.name]: 'DOWN', [survivor.name]: 'UP' });

  // The patient's app reconnects, held back here, with where it stopped reading.
  const resumeUrl = await Promise.race([
    held.held,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('the patient’s app did not reconnect its chat stream')), 30_000),
    ),
  ]);
  expect(new URL(resumeUrl).searchParams.get('lastEventId')).toMatch(/^\d+$/);
  // Meanwhile the therapist writes: the patient can only get it through the resumed stream.
  await say(chatPage, 'While you were away, from the therapist.');
  await expect(conversation(chatPage).getByText('While you were away, from the therapist.')).toHaveCount(1);
  await expect(conversation(chatPage).getByText(/Not sent|Sending/)).toHaveCount(0);
  // Stored before the patient's stream comes back: the resumed stream, not the live one, must bring it.
  const sessionId = /\/chats\/([^/]+)\/stream/.exec(resumeUrl)![1]!;
  await expect
    .poll(async () => {
      const page = await api<{ items: Array<{ messageBody?: string }> }>(
        request,
        therapist.token,
        'GET',
        `/chats/${sessionId}/messages?limit=10`,
      );
      return page.items.map((m) => m.messageBody);
    })
    .toContain('While you were away, from the therapist.');
  expect(patientStreams.length, 'no stream of the patient’s was open meanwhile').toBe(streamsBefore);
  gate = null;
  held.release();

  await expect(conversation(patientPage).getByText('While you were away, from the therapist.')).toHaveCount(
    1,
  );
  // The resumed stream is the survivor's.
  await expect.poll(() => patientStreams.length).toBeGreaterThan(streamsBefore);
  expect(patientStreams.at(-1)!.url).toContain('lastEventId=');
  expect(patientStreams.at(-1)!.instance).toBe(survivor.name);
});

test('after the stop: the chat goes on, every message on both screens once; the alert is acknowledged', async () => {
  await say(patientPage, 'After the stop, from Riley.');
  await expect(conversation(chatPage).getByText('After the stop, from Riley.')).toHaveCount(1);
  await say(chatPage, 'After the stop, from the therapist.');
  await expect(conversation(patientPage).getByText('After the stop, from the therapist.')).toHaveCount(1);
  for (const text of [
    'Can we talk before my session?',
    'Before the stop, from Riley.',
    'Before the stop, from the therapist.',
    'While you were away, from the therapist.',
    'After the stop, from Riley.',
    'After the stop, from the therapist.',
  ]) {
    for (const page of [patientPage, chatPage])
      await expect(conversation(page).getByText(text, { exact: true })).toHaveCount(1);
  }
  await expect(conversation(patientPage).getByText(/Not sent/)).toHaveCount(0);
  await expectNoA11yViolations(patientPage);

  // The risk alert, acknowledged through the balancer (the one instance left answers).
  await alertsPage.reload();
  const alert = alertsPage.getByTestId('risk-alert').filter({ hasText: patient.name });
  await expect(alert).toHaveCount(1);
  await alert.getByRole('button', { name: `Acknowledge the alert about ${patient.name}` }).click();
  const dialog = alertsPage.getByRole('dialog', { name: `Acknowledge the alert about ${patient.name}` });
  await dialog.getByLabel('What you did (optional)').fill('Talked with Riley in the chat.');
  await dialog.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(dialog).toBeHidden();
  await expect(alert).toHaveCount(0);
  await alertsPage.getByText('Acknowledged', { exact: true }).click();
  const done = alertsPage.getByTestId('risk-alert').filter({ hasText: patient.name });
  await expect(done).toContainText(`Acknowledged by ${therapist.name}`);
  await done.getByRole('link', { name: patient.name }).click();
  await alertsPage
    .getByRole('navigation', { name: 'Patient record' })
    .getByRole('link', { name: 'Risk history' })
    .click();
  await expect(alertsPage.getByTestId('acknowledgement').first()).toContainText(
    `Acknowledged by ${therapist.name}`,
  );
  await expectNoA11yViolations(alertsPage);

  // Everything the browsers were answered since the stop came from the instance left.
  const since = answeredBy.filter((a) => a.at > killedAt + 1_000);
  expect(since.length).toBeGreaterThan(0);
  expect(new Set(since.map((a) => a.instance))).toEqual(new Set([INSTANCES.find((i) => i !== killed)!.name]));
});
