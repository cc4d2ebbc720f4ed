/**
 * Helpers of the admin console's end-to-end specs: a signed-in page (its own browser context), the
 * administrators of the demo data, and calls to the real server with an administrator's session.
 */
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import { createUser, keptSession } from '../../../packages/auth/e2e/accounts.ts';
import { expectSignInPage } from '../../../packages/auth/e2e/portal.ts';
import { signInAs } from '../../../packages/auth/e2e/portalSpecs.ts';
import {
  forgetTabSession,
  keepTabSession,
  restoreTabSession,
} from '../../../packages/auth/e2e/tabSessions.ts';
import { API_ROOT, DEMO_TOTP_SECRET, DEMO_USERS } from '../../../e2e/support/server.ts';

/** The root organisation's administrator, and the administrator of its child organisation only. */
export const ROOT_ADMIN = DEMO_USERS.admin;
export const NORTH_ADMIN = 'admin-north@example.com';
export const ROOT_ORGANISATION = 'org-tend-health';
/** The service's operator (every organisation), signed in by no other spec: never signed out under a spec's feet. */
export const PLATFORM_ADMIN = 'ops@example.com';
export const NORTH_ORGANISATION = 'org-tend-north';

/**
 * A new browser context (with `contextOptions`, e.g. a timezoneId) signed in to the console as `email`: with the
 * tab session this worker kept for the account, else through the sign-in page (TOTP with the demo secret).
 */
export async function signedInPage(
  browser: Browser,
  email: string = ROOT_ADMIN,
  contextOptions: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext(contextOptions);
  // A spec of another app opens the console with its address as the context's baseURL.
  const origin = new URL(contextOptions.baseURL ?? test.info().project.use.baseURL ?? '').origin;
  const restored = await restoreTabSession(context, origin, email);
  const page = await context.newPage();
  await page.goto('/');
  const hello = page.getByRole('heading', { level: 1, name: /^Hello, / });
  const signIn = page.getByRole('heading', { level: 1, name: 'Sign in' });
  await expect(hello.or(signIn)).toBeVisible();
  if (restored && (await hello.isVisible())) return page;
  if (restored) forgetTabSession(origin, email);
  await expectSignInPage(page);
  await signInAs(page, email, DEMO_TOTP_SECRET);
  await expect(hello).toBeVisible();
  await keepTabSession(page, email);
  return page;
}

/**
 * Another administrator (`email`), in a browser of their own, opens `url`, fills one field and saves first: the
 * version a page read before is then no longer the stored one.
 */
export async function saveElsewhereFirst(
  browser: Browser,
  email: string,
  url: string,
  field: { label: string; value: string },
  save: { button: string; saved: string },
) {
  const other = await signedInPage(browser, email);
  await other.goto(url);
  await other.getByLabel(field.label, { exact: true }).fill(field.value);
  await other.getByRole('button', { name: save.button }).click();
  await expect(other.getByText(save.saved)).toBeVisible();
  await other.context().close();
}

/**
 * Saves with the button `save` on a version no longer stored: the 412 view is shown, with each row named
 * holding its text (the stored value or this page's). Answers the view.
 */
export async function saveIntoConflict(
  page: Page,
  save: string,
  rows: Array<[name: RegExp, text: string]>,
): Promise<Locator> {
  await page.getByRole('button', { name: save }).click();
  const conflict = page.getByRole('alert').filter({ hasText: 'Keep my changes and save' });
  await expect(conflict).toBeVisible();
  for (const [name, text] of rows) await expect(conflict.getByRole('row', { name })).toContainText(text);
  return conflict;
}

/** In the 412 view, this page's changes are kept and saved: the page then says `saved`. */
export async function keepMyChangesAndSave(page: Page, conflict: Locator, saved: string) {
  await conflict.getByRole('button', { name: 'Keep my changes and save' }).click();
  await expect(page.getByText(saved)).toBeVisible();
}

/** The server's answer to `path` with an administrator's session (status and JSON body). */
export async function asAdmin(
  request: APIRequestContext,
  email: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  path: string,
  data?: unknown,
  headers: Record<string, string> = {},
) {
  // One kept session per administrator and worker (each sign-in spends a TOTP code).
  const send = async (fresh: boolean) => {
    const bearer = await keptSession(request, email, ['org-admin'], fresh);
    return request.fetch(`${API_ROOT}${path}`, {
      method,
      headers: { ...headers, Authorization: `Bearer ${bearer}` },
      ...(data === undefined ? {} : { data }),
    });
  };
  let response = await send(false);
  // A session ended meanwhile (a sign-out ends every session of the account): sign in again once.
  if (response.status() === 401) response = await send(true);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // text/plain answers (createOrganisation: the id)
  }
  return { status: response.status(), body };
}

/** A fresh organisation under the root, or under `parent` (a spec that changes an organisation changes its own). */
export async function createOrganisation(
  request: APIRequestContext,
  name: string,
  maxRedemptions = 20,
  parent = ROOT_ORGANISATION,
): Promise<string> {
  const made = await asAdmin(request, ROOT_ADMIN, 'POST', `/organisation?maxRedemptions=${maxRedemptions}`, {
    tubAdminOrganisationDetails: { name, parentOrganisation: parent },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return String(made.body);
}

/** A fresh patient of `organisation` (created by the demo data-export account), password DEMO_PASSWORD. */
export async function createPatientOf(request: APIRequestContext, organisation: string, firstName: string) {
  const email = `e2e-alerts-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await createUser(request, {
    email,
    firstName,
    lastName: 'Ellis',
    scopes: ['patient'],
    organisationId: organisation,
  });
  return { email, firstName };
}
