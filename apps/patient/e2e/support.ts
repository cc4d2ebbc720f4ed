/**
 * The patient specs' shared steps: a fresh patient of Tend Health per spec file (specs run in parallel against
 * one server and change state, so none uses the shared demo patient), signing up and signing in through the
 * page, opening the crisis panel, an organisation's settings changed by its administrator, and the server's
 * view through the API (what the care team would see).
 */
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import { API_ROOT, DEMO_USERS } from '../../../e2e/support/server.ts';
import { createUser, keptSession, signInByApi, type NewUser } from '../../../packages/auth/e2e/accounts.ts';
import { submitCredentials } from '../../../packages/auth/e2e/portal.ts';
import { ROOT_ADMIN, asAdmin } from '../../admin/e2e/support.ts';

export interface Patient extends NewUser {
  firstName: string;
}

/** A new patient (e-mail `<tag>-<stamp>@example.com`), of Tend Health unless `more` names an organisation. */
export async function newPatient(
  request: APIRequestContext,
  tag: string,
  firstName = 'Robin',
  more: { lastName?: string; organisationId?: string } = {},
): Promise<Patient> {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const user = await createUser(request, {
    email: `${tag}-${stamp}@example.com`,
    firstName,
    lastName: more.lastName ?? 'Ellis',
    scopes: ['patient'],
    ...(more.organisationId ? { organisationId: more.organisationId } : {}),
  });
  return { ...user, firstName };
}

export async function signInPatient(page: Page, patient: Patient) {
  await page.goto('/');
  await submitCredentials(page, patient.email);
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${patient.firstName}` })).toBeVisible();
}

/** Who signs up on the public site, and with which organisation's access code. */
export interface SignUp {
  accessCode: string;
  /** The organisation the sign-up says the code belongs to. */
  organisationName: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  screenName: string;
}

/**
 * On the public site's sign-up page (already open): the access code, the e-mail and password, then the names;
 * ends on the agreements step. The specs of a new patient's first visit start this way.
 */
export async function signUpToAgreements(page: Page, who: SignUp) {
  await page.getByRole('textbox', { name: /^Access code/ }).fill(who.accessCode);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`This access code belongs to ${who.organisationName}.`)).toBeVisible();
  await page.getByRole('textbox', { name: /Your e-mail address/ }).fill(who.email);
  await page.getByLabel(/^Password/).fill(who.password);
  await page.getByLabel(/^Repeat the password/).fill(who.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: /First name/ }).fill(who.firstName);
  await page.getByRole('textbox', { name: /Last name/ }).fill(who.lastName);
  await page.getByRole('textbox', { name: /Screen name/ }).fill(who.screenName);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Signs in on the sign-in page (already open) once the welcome is behind the patient: they land home, not on
 * the welcome, and the welcome's own address leads home too.
 */
export async function signInPastWelcome(page: Page, email: string, password: string, firstName: string) {
  const home = page.getByRole('heading', { level: 1, name: `Hello, ${firstName}` });
  await submitCredentials(page, email, password);
  await expect(home).toBeVisible();
  await expect(page).not.toHaveURL(/\/welcome/);
  await page.goto('/welcome/start');
  await expect(home).toBeVisible();
}

export interface SignedInPatientOptions {
  /** The browser context's own options (a timezone, downloads …). */
  context?: BrowserContextOptions;
  /** Set-up between the patient's creation and their sign-in (a therapist taking them on …). */
  prepare?: (request: APIRequestContext, patient: Patient) => Promise<void>;
  /** After the sign-in, before the first test. */
  signedIn?: (page: Page) => Promise<void>;
  /** The set-up's time limit. */
  timeout?: number;
}

/**
 * The test of a spec whose serial tests share one signed-in page: a fresh patient (newPatient) signed in
 * through the page in a browser context of its own, before the first test, closed after the last. Its tests
 * receive that page as `page` (its context as `context`) and the patient as `patient`.
 */
export function signedInPatientTest(tag: string, firstName: string, options: SignedInPatientOptions = {}) {
  let page: Page;
  let patient: Patient;
  const signedIn = test.extend<{ patient: Patient }>({
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    page: async ({}, provide) => provide(page),
    // eslint-disable-next-line no-empty-pattern
    context: async ({}, provide) => provide(page.context()),
    // eslint-disable-next-line no-empty-pattern
    patient: async ({}, provide) => provide(patient),
  });
  signedIn.beforeAll(async ({ browser, request }) => {
    test.setTimeout(options.timeout ?? 120_000);
    patient = await newPatient(request, tag, firstName);
    await options.prepare?.(request, patient);
    page = await (await browser.newContext(options.context)).newPage();
    await signInPatient(page, patient);
    await options.signedIn?.(page);
  });
  signedIn.afterAll(() => page.context().close());
  return signedIn;
}

export interface ServerMoment {
  momentId: string;
  eventType: string;
  start: number;
  body: Record<string, unknown>;
}

/** The patient's moments as the server stores them (listPatientMoments, newest first). */
export async function serverMoments(
  request: APIRequestContext,
  patient: Patient,
  types: string[] = [],
): Promise<ServerMoment[]> {
  const bearer = await signInByApi(request, patient.email, ['patient']);
  const query = types.map((t) => `types=${encodeURIComponent(t)}`).join('&');
  const response = await request.get(
    `${API_ROOT}/patients/${patient.userId}/moments?limit=100${query ? `&${query}` : ''}`,
    { headers: { Authorization: `Bearer ${bearer}` } },
  );
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { items: ServerMoment[] }).items;
}

/**
 * Changes an organisation's app or research settings as the root administrator: the stored version read, then
 * `patch` sent over it (with its ETag).
 */
export async function patchOrganisationSettings(
  request: APIRequestContext,
  organisation: string,
  settings: 'app-settings' | 'research-settings',
  patch: object,
) {
  const read = await asAdmin(
    request,
    ROOT_ADMIN,
    'GET',
    `/organisation/${organisation}/${settings}/unmerged`,
  );
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  const set = await asAdmin(
    request,
    ROOT_ADMIN,
    'PATCH',
    `/organisation/${organisation}/${settings}`,
    patch,
    { ETag: (read.body as { etag: string }).etag },
  );
  expect(set.status, JSON.stringify(set.body)).toBe(200);
}

/** The demo therapist takes the patient on (the patient's access code, redeemed through the API). */
export async function joinDemoTherapist(request: APIRequestContext, patient: Patient): Promise<string> {
  const patientBearer = await signInByApi(request, patient.email, ['patient']);
  const code = await request.get(`${API_ROOT}/patient/get-access-code`, {
    headers: { Authorization: `Bearer ${patientBearer}` },
  });
  expect(code.status(), await code.text()).toBe(200);
  const { code: accessCode } = (await code.json()) as { code: string };
  const therapistBearer = await keptSession(request, DEMO_USERS.therapist, ['therapist']);
  const redeemed = await request.post(`${API_ROOT}/therapist/assigned-patients`, {
    headers: { Authorization: `Bearer ${therapistBearer}` },
    data: { accessCode },
  });
  expect(redeemed.status(), await redeemed.text()).toBe(200);
  return therapistBearer;
}

/** The patient's risk as their therapist sees it (getPatient). */
export async function riskSeenByTherapist(
  request: APIRequestContext,
  therapistBearer: string,
  patient: Patient,
) {
  const response = await request.get(`${API_ROOT}/patients/${patient.userId}`, {
    headers: { Authorization: `Bearer ${therapistBearer}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { risk: { highRisk: boolean; reason: string | null } }).risk;
}

/**
 * Opens the crisis panel ("Get help now") with `opener`, sees it open, runs `whileOpen` (checks of the open
 * panel), and closes it with Escape: it is gone.
 */
export async function openAndCloseCrisisPanel(page: Page, opener: Locator, whileOpen?: () => Promise<void>) {
  await opener.click();
  const panel = page.getByRole('dialog', { name: 'Get help now' });
  await expect(panel).toBeVisible();
  await whileOpen?.();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
}

/** Tabs from the top of the page until "Get help now" has the focus (at most 15 stops), then opens the panel. */
export async function openCrisisPanelByKeyboard(page: Page) {
  await page
    .locator('body')
    .click({ position: { x: 1, y: 1 } })
    .catch(() => undefined);
  await page.keyboard.press('Home');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  let reached = false;
  for (let i = 0; i < 15 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => document.activeElement?.textContent?.trim() === 'Get help now');
  }
  expect(reached, 'Get help now reached with Tab').toBe(true);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Get help now' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Call Samaritans on 116 123' })).toHaveAttribute(
    'href',
    'tel:116123',
  );
  return dialog;
}
