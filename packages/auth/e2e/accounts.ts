/**
 * Account set-up for the portals' end-to-end specs, through the real server and the Auth emulator's REST API
 * (as the apps sign in): sign in a demo user with its second factor, create a fresh user with the data-export
 * demo account (POST /users/data), and read the development mailbox. Specs that change an account create
 * their own user: the demo users stay as they are.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { AUTH_EMULATOR_PORT } from '@tend/config/ports';
import { API_ROOT, DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../../e2e/support/server.ts';
import { freshTotpCode } from './totp.ts';

const EMULATOR = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? `localhost:${AUTH_EMULATOR_PORT}`}`;
/** The emulator accepts any API key. */
const API_KEY = 'e2e-any-key';
export const DATA_EXPORT_USER = 'data-export@example.com';
export const DEMO_ORGANISATION = 'org-tend-health';

/**
 * A sign-in call of the Auth emulator (only sign-ins: each may be made again). The emulator, a single Node
 * process, now and then drops a connection when many specs sign in at once on a loaded machine (ECONNRESET):
 * such a call is made again, up to twice; an answer, whatever it says, is never repeated.
 */
async function identityToolkit(
  request: APIRequestContext,
  method: 'signInWithPassword' | 'signInWithCustomToken',
  data: Record<string, unknown>,
): Promise<string> {
  const url = `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${API_KEY}`;
  const post = async (attempt: number): Promise<Awaited<ReturnType<APIRequestContext['post']>>> => {
    try {
      return await request.post(url, { data });
    } catch (error) {
      if (attempt >= 2 || !/ECONNRESET|socket hang up/.test(String(error))) throw error;
      return post(attempt + 1);
    }
  };
  const response = await post(0);
  expect(response.ok(), `Auth emulator ${method}: ${await response.text()}`).toBe(true);
  return String(((await response.json()) as { idToken: string }).idToken);
}

/**
 * The session ID token of `email` for `scopes`: password sign-in, GET /iams/auth/customToken (with a fresh TOTP
 * code of the demo secret when the server asks for one), then the custom token signed in.
 */
export async function signInByApi(
  request: APIRequestContext,
  email: string,
  scopes: string[],
  password = DEMO_PASSWORD,
): Promise<string> {
  const idToken = await identityToolkit(request, 'signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  const url = `${API_ROOT}/iams/auth/customToken?${scopes.map((s) => `scope=${encodeURIComponent(s)}`).join('&')}`;
  let response = await request.get(url, { headers: { idToken, Authorization: `Bearer ${idToken}` } });
  if (response.status() === 401) {
    const body = (await response.json()) as {
      code?: string;
      options?: { options?: Array<{ type: string; id: string }> };
    };
    const totp = body.options?.options?.find((o) => o.type === 'totp');
    expect(
      body.code === 'mfa_required' && totp,
      `${email} needs a TOTP code: ${JSON.stringify(body)}`,
    ).toBeTruthy();
    const code = await freshTotpCode(DEMO_TOTP_SECRET, { account: email });
    response = await request.get(url, {
      headers: {
        idToken,
        Authorization: `Bearer ${idToken}`,
        mfaChallengeResponse: `totp:${totp!.id}:${code}`,
      },
    });
  }
  expect(response.status(), `customToken for ${email}: ${await response.text()}`).toBe(200);
  const { customToken } = (await response.json()) as { customToken: string };
  return identityToolkit(request, 'signInWithCustomToken', { token: customToken, returnSecureToken: true });
}

/** A session kept this long is signed in again (the emulator's ID tokens last an hour). */
const SESSION_REUSE_MS = 20 * 60_000;
const sessions = new Map<string, { token: Promise<string>; at: number }>();

/**
 * signInByApi, kept for this Playwright worker and reused for 20 minutes: each sign-in of a demo account with
 * a second factor spends a TOTP step (one per 30 seconds for all workers together), so a helper that signs in
 * for every user it makes would queue the whole suite behind the clock. `fresh` drops the kept session (after
 * a 401). Only for accounts no spec signs out.
 */
export function keptSession(
  request: APIRequestContext,
  email: string,
  scopes: string[],
  fresh = false,
): Promise<string> {
  const key = `${email}\n${[...scopes].sort().join(' ')}`;
  const kept = sessions.get(key);
  if (kept && !fresh && Date.now() - kept.at < SESSION_REUSE_MS) return kept.token;
  const token = signInByApi(request, email, scopes);
  sessions.set(key, { token, at: Date.now() });
  token.catch(() => sessions.delete(key));
  return token;
}

/**
 * A user without a second factor (e.g. a fresh therapist) enrols a new TOTP authenticator through the API
 * (POST /iams/mfa/otp/secrets with the password session) and confirms it with its first code in the very
 * customToken call that answers the session ID token for `scopes` (as the sign-in page does on first use).
 * Answers the session token and the new secret, for signing in again in the browser.
 */
export async function enrolTotpByApi(
  request: APIRequestContext,
  email: string,
  scopes: string[],
  password = DEMO_PASSWORD,
): Promise<{ token: string; secret: string }> {
  const idToken = await identityToolkit(request, 'signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  const created = await request.post(`${API_ROOT}/iams/mfa/otp/secrets`, {
    headers: { Authorization: `Bearer ${idToken}` },
    data: { label: 'E2E authenticator' },
  });
  expect(created.status(), `POST /iams/mfa/otp/secrets for ${email}: ${await created.text()}`).toBe(201);
  const { id, secret } = (await created.json()) as { id: string; secret: string };
  const code = await freshTotpCode(secret, { account: email });
  const url = `${API_ROOT}/iams/auth/customToken?${scopes.map((s) => `scope=${encodeURIComponent(s)}`).join('&')}`;
  const response = await request.get(url, {
    headers: { idToken, Authorization: `Bearer ${idToken}`, mfaChallengeResponse: `totp:${id}:${code}` },
  });
  expect(response.status(), `customToken enrolling ${email}: ${await response.text()}`).toBe(200);
  const { customToken } = (await response.json()) as { customToken: string };
  return {
    token: await identityToolkit(request, 'signInWithCustomToken', {
      token: customToken,
      returnSecureToken: true,
    }),
    secret,
  };
}

export interface NewUser {
  userId: string;
  email: string;
  password: string;
}

/**
 * A fresh user of the demo organisation, or of `organisationId` (created by the data-export demo account),
 * password DEMO_PASSWORD.
 */
export async function createUser(
  request: APIRequestContext,
  user: { email: string; firstName: string; lastName: string; scopes: string[]; organisationId?: string },
  { firstRun = false }: { firstRun?: boolean } = {},
): Promise<NewUser> {
  const post = async (fresh: boolean) =>
    request.post(`${API_ROOT}/users/data`, {
      headers: {
        Authorization: `Bearer ${await keptSession(request, DATA_EXPORT_USER, ['data-export'], fresh)}`,
      },
      data: { organisationId: DEMO_ORGANISATION, ...user, password: DEMO_PASSWORD },
    });
  let response = await post(false);
  if (response.status() === 401) response = await post(true);
  expect(response.status(), `POST /users/data: ${await response.text()}`).toBe(201);
  const { userId } = (await response.json()) as { userId: string };
  // A new patient's first sign-in opens the first-run welcome; specs about other pages start past it.
  if (user.scopes.includes('patient') && !firstRun) await skipFirstRun(request, user.email);
  return { userId, email: user.email, password: DEMO_PASSWORD };
}

/** Stores a patient's first-run welcome as skipped (as its Skip button does), through the API. */
export async function skipFirstRun(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const bearer = await signInByApi(request, email, ['patient'], password);
  const response = await request.post(`${API_ROOT}/patient-metadata/preferences/action/update-metadata`, {
    headers: { Authorization: `Bearer ${bearer}`, ETag: '*' },
    data: { metadataChangeList: [{ op: 'set', path: 'firstRun', value: 'skipped' }] },
  });
  expect(response.status(), `first run of ${email}: ${await response.text()}`).toBe(200);
}

/**
 * A fresh account of the demo organisation for specs that sign out (which ends every session of the account,
 * everywhere): `scopes` as createUser takes them, with a TOTP authenticator enrolled through the API when
 * `totp` (its secret returned).
 */
export async function freshAccount(
  request: APIRequestContext,
  options: { firstName: string; scopes: string[]; totp: boolean; tag: string },
): Promise<NewUser & { totpSecret?: string }> {
  const lastName = `E2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const email = `${options.tag}-${lastName.toLowerCase()}@example.com`;
  const user = await createUser(request, {
    email,
    firstName: options.firstName,
    lastName,
    scopes: options.scopes,
  });
  if (!options.totp) return user;
  const { secret } = await enrolTotpByApi(request, email, options.scopes);
  return { ...user, totpSecret: secret };
}

interface Mail {
  to: string | string[];
  subject: string;
  text?: string;
  date: string;
}

/** The first match of `pattern` in the newest mail to `email` sent after `since` (epoch ms), from GET /dev/mailbox. */
export async function readMail(
  request: APIRequestContext,
  email: string,
  since: number,
  pattern: RegExp,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${API_ROOT}/dev/mailbox?to=${encodeURIComponent(email)}`);
        if (!response.ok()) return undefined;
        const mails = ((await response.json()) as Mail[]).filter((m) => Date.parse(m.date) >= since - 2_000);
        const latest = mails.sort((a, b) => Date.parse(a.date) - Date.parse(b.date)).at(-1);
        found = latest ? pattern.exec(`${latest.subject}\n${latest.text ?? ''}`)?.[1] : undefined;
        return found;
      },
      { timeout: 15_000, message: `a mail to ${email} matching ${pattern}` },
    )
    .toBeTruthy();
  return found!;
}
