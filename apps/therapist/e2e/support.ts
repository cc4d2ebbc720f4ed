/**
 * Support for the therapist console's specs: each spec file signs in its own fresh therapist (with a
 * TOTP authenticator enrolled through the API) and makes fresh patients of that therapist through the API, so
 * that flags, alerts, notes, discharges, profile changes and sign-outs in one spec (or in the shared portal
 * specs, which sign the demo therapist out and so end every session of theirs) never change what another
 * spec sees: specs run in parallel against one server and database.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createUser, enrolTotpByApi, signInByApi } from '../../../packages/auth/e2e/accounts.ts';
import { submitCredentials } from '../../../packages/auth/e2e/portal.ts';
import { signInAs } from '../../../packages/auth/e2e/portalSpecs.ts';
import { APP_PORTS } from '../../../packages/config/src/ports.ts';
import { severity } from '../../../packages/domain/src/screening/model.ts';
import { API_ROOT } from '../../../e2e/support/server.ts';

export interface TestTherapist {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  /** Their authenticator's secret (for the browser's sign-in). */
  secret: string;
  /** Their session ID token (scope therapist), valid for an hour: longer than any spec. */
  token: string;
}

/** A fresh therapist of the demo organisation with an authenticator enrolled, signed in through the API. */
export async function newTherapist(request: APIRequestContext, firstName = 'Sam'): Promise<TestTherapist> {
  const lastName = uniqueName('Therapist');
  const email = `${lastName.toLowerCase()}@example.com`;
  const user = await createUser(request, { email, firstName, lastName, scopes: ['therapist'] });
  const { token, secret } = await enrolTotpByApi(request, email, ['therapist']);
  return { userId: user.userId, email, firstName, lastName, name: `${firstName} ${lastName}`, secret, token };
}

/** Signs the therapist in (password and TOTP) at `path` and waits for the console's navigation. */
export async function signInTherapist(page: Page, therapist: TestTherapist, path = '/') {
  await page.goto(path);
  await signInAs(page, therapist.email, therapist.secret);
  await expect(page.getByRole('link', { name: 'Caseload' }).first()).toBeVisible();
  await expect(page).not.toHaveURL(/\/authentication\/login/);
}

/**
 * What a serial spec shares, made in its beforeAll: a new browser context, a fresh therapist, `prepare` run
 * through the API (fresh patients and their entries), then the therapist signed in at `path`.
 */
export async function openConsole<T>(
  browser: Browser,
  path: string,
  prepare: (request: APIRequestContext, therapist: TestTherapist) => Promise<T>,
): Promise<{ page: Page; request: APIRequestContext; therapist: TestTherapist; data: T }> {
  // Fresh users and a month of entries through the API: minutes on a busy 2-core machine.
  test.setTimeout(240_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const therapist = await newTherapist(context.request);
  const data = await prepare(context.request, therapist);
  await signInTherapist(page, therapist, path);
  return { page, request: context.request, therapist, data };
}

/**
 * A serial spec's shared console: `openConsole` in its beforeAll, the browser context closed after all. `take`
 * gets what was opened (the spec keeps it in its own variables) before the first test.
 */
export function serialConsole<T>(
  path: string,
  prepare: (request: APIRequestContext, therapist: TestTherapist) => Promise<T>,
  take: (opened: Awaited<ReturnType<typeof openConsole<T>>>) => unknown,
  timeout = 120_000,
) {
  test.describe.configure({ mode: 'serial', timeout });
  let page: Page | undefined;
  test.beforeAll(async ({ browser }) => {
    const opened = await openConsole(browser, path, prepare);
    page = opened.page;
    await take(opened);
  });
  test.afterAll(() => page?.context().close());
}

/** A JSON call to the server with a bearer token; fails the test on an unexpected status. */
export async function api<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
  status = [200, 201, 202, 204],
): Promise<T> {
  const response = await request.fetch(`${API_ROOT}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(status, `${method} ${path}: ${response.status()} ${await response.text()}`).toContain(
    response.status(),
  );
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

export interface TestPatient {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  /** The patient's ID token (scope patient). */
  token: string;
}

let serial = 0;
/** A unique surname for this run (names are searched, so they must not clash across specs and retries). */
export const uniqueName = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(serial += 1)}${Math.random().toString(36).slice(2, 5)}`;

/** A new patient of the demo organisation, signed in through the API (not yet in anyone's care). */
export async function newPatient(
  request: APIRequestContext,
  firstName: string,
  lastName = uniqueName('Test'),
): Promise<TestPatient> {
  const email = `${lastName.toLowerCase()}@example.com`;
  const user = await createUser(request, { email, firstName, lastName, scopes: ['patient'] });
  const token = await signInByApi(request, email, ['patient']);
  return { userId: user.userId, email, firstName, lastName, name: `${firstName} ${lastName}`, token };
}

/** The code the patient's app shows (getAccessCode). */
export async function accessCodeOf(request: APIRequestContext, patient: TestPatient): Promise<string> {
  return (await api<{ code: string }>(request, patient.token, 'GET', '/patient/get-access-code')).code;
}

/** A fresh patient taken on by the therapist with the patient's access code (the therapist leads their care). */
export async function newPatientOf(
  request: APIRequestContext,
  firstName: string,
  therapist: TestTherapist,
): Promise<TestPatient> {
  const patient = await newPatient(request, firstName);
  await takeOn(request, therapist, patient.token);
  return patient;
}

/**
 * The therapist takes on the patient signed in with `patientToken`, by the code the patient's app shows;
 * `status` is what taking on may answer.
 */
export async function takeOn(
  request: APIRequestContext,
  therapist: TestTherapist,
  patientToken: string,
  status?: number[],
) {
  const { code } = await api<{ code: string }>(request, patientToken, 'GET', '/patient/get-access-code');
  await api(request, therapist.token, 'POST', '/therapist/assigned-patients', { accessCode: code }, status);
}

/** The patient logs a moment through the API (addMoment), answering its id. */
export async function logMoment(
  request: APIRequestContext,
  patient: TestPatient,
  eventType: string,
  body: Record<string, unknown>,
  start = Date.now(),
): Promise<string> {
  const momentId = `e2e-${uniqueName('m')}`;
  await api(request, patient.token, 'POST', `/moments/add?eventType=${eventType}`, {
    momentId,
    eventType,
    start,
    end: start,
    body,
  });
  return momentId;
}

/** A PHQ-9 or GAD-7 result from its answers (total and band as published). */
export function screening(type: 'phq9' | 'gad7', items: number[]) {
  const total = items.reduce((a, b) => a + b, 0);
  return { items, total, severity: severity(type, total) };
}

/** The patient app, signed in as `p`, in a browser context of its own (`options`: its viewport, say). */
export async function patientApp(
  browser: Browser,
  p: { email: string; firstName: string },
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL: `http://localhost:${APP_PORTS.patient}`, ...options });
  const app = await context.newPage();
  await app.goto('/');
  await submitCredentials(app, p.email);
  // The patient app's first load and sign-in: slow on a loaded machine.
  await expect(app.getByRole('heading', { level: 1, name: `Hello, ${p.firstName}` })).toBeVisible({
    timeout: 60_000,
  });
  return app;
}
