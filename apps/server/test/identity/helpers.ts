// Identity test helpers: an app with the real identity hooks over its own database, seeded with the demo
// data, against a running Auth emulator; sign-in over the emulator's REST API, like the apps do.
import { randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import type { LightMyRequestResponse } from 'fastify';
import { identityHooks } from '../../src/auth/index.ts';
import { firebaseAuth } from '../../src/auth/firebase.ts';
import { createTotpSecret } from '../../src/auth/mfa/totp-secrets.ts';
import { ensureUser, grantRole } from '../../src/auth/users.ts';
import { seed } from '../../src/db/seed.ts';
import { contractProblems, createTestApp, type TestApp } from '../helpers.ts';
import { afterAll, beforeAll } from 'vitest';
import {
  signInWithCustomToken,
  signInWithPassword,
  startAuthEmulator,
  type RunningEmulator,
} from './auth-emulator.ts';

export const DEMO_PASSWORD = 'Tend-demo-2026';
export const DEMO_SECRET = 'JBSWY3DPEHPK3PXP';

/**
 * For a test file: the shared Auth emulator and an identity app over the file's own database, started in
 * beforeAll and closed in afterAll (read the fields in a later hook or test).
 */
export function identityTestApp(): { emulator: RunningEmulator; t: TestApp } {
  const state = {} as { emulator: RunningEmulator; t: TestApp };
  beforeAll(async () => {
    state.emulator = await startAuthEmulator();
    state.t = await createIdentityApp(state.emulator.host);
  }, 240_000);
  afterAll(async () => {
    await state.t?.close();
    await state.emulator?.stop();
  });
  return state;
}

export async function createIdentityApp(emulatorHost: string): Promise<TestApp> {
  const testApp = await createTestApp({
    config: { authEmulatorHost: emulatorHost },
    identity: identityHooks,
    resolveUser: identityHooks.resolveUser,
    rateLimitEnabled: false,
  });
  await seed({ db: testApp.db, config: testApp.config, identity: identityHooks });
  return testApp;
}

/** Fails the test when an answer does not match the contract (status documented, body schema). */
export function expectContract(operationId: string, response: LightMyRequestResponse): void {
  const body = response.body
    ? String(response.headers['content-type'] ?? '').includes('json')
      ? response.json()
      : response.body
    : undefined;
  const problems = contractProblems(operationId, response.statusCode, body);
  if (problems.length > 0)
    throw new Error(
      `${operationId} ${response.statusCode} does not match the contract: ${problems.join('; ')}`,
    );
}

const usedSteps = new Map<string, Set<number>>();

/**
 * A TOTP code of `secret` not used before by `key` (each code is accepted once): the current step, or
 * the next or previous one (the server accepts ±1 step), waiting for a new step when all three are used.
 */
export async function freshTotp(key: string, secret = DEMO_SECRET): Promise<string> {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  const used = usedSteps.get(key) ?? new Set<number>();
  usedSteps.set(key, used);
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / 30_000);
    // Only later steps: the server refuses a step at or before the last one used.
    const last = Math.max(-1, ...used);
    for (const candidate of [step, step + 1]) {
      if (candidate > last && candidate >= step - 1) {
        used.add(candidate);
        return totp.generate({ timestamp: candidate * 30_000 + 1000 });
      }
    }
    await new Promise((r) => setTimeout(r, (step + 1) * 30_000 - now + 50));
  }
}

export interface SignedIn {
  uid: string;
  idToken: string;
  scopes: string[];
}

export function bearer(idToken: string): Record<string, string> {
  return { authorization: `Bearer ${idToken}` };
}

/** The full sign-in of the apps: password → customToken (with a TOTP code when asked) → signInWithCustomToken. */
export async function signIn(
  t: TestApp,
  emulatorHost: string,
  email: string,
  scopes: string[],
  options: { totpKey?: string; secretId?: string; secret?: string } = {},
): Promise<SignedIn> {
  const idToken = await signInWithPassword(emulatorHost, email, DEMO_PASSWORD);
  const query = scopes.map((s) => `scope=${encodeURIComponent(s)}`).join('&');
  let response = await t.app.inject({
    method: 'GET',
    url: `/iams/auth/customToken?${query}`,
    headers: { idToken },
  });
  if (response.statusCode === 401 && response.json().code === 'mfa_required') {
    const option = (response.json().options.options as Array<{ type: string; id: string }>).find(
      (o) => o.type === 'totp',
    );
    const id = options.secretId ?? option?.id;
    if (!id) throw new Error(`${email} has no TOTP option`);
    const code = await freshTotp(options.totpKey ?? id, options.secret ?? DEMO_SECRET);
    response = await t.app.inject({
      method: 'GET',
      url: `/iams/auth/customToken?${query}`,
      headers: { idToken, mfaChallengeResponse: `totp:${id}:${code}` },
    });
  }
  if (response.statusCode !== 200)
    throw new Error(`customToken for ${email}: ${response.statusCode} ${response.body}`);
  const { customToken, uid } = response.json() as { customToken: string; uid: string };
  return { uid, idToken: await signInWithCustomToken(emulatorHost, customToken), scopes };
}

/**
 * A patient of the calling test file's own (a Firebase account with the demo password, the user row and the
 * patient role; with `totp`, a confirmed authenticator with the demo secret): no other file signs it in, so a
 * file may sign it out or lock it without touching the others.
 */
export async function createPatient(
  t: Pick<TestApp, 'db' | 'config'>,
  label: string,
  options: { totp?: boolean } = {},
): Promise<{ uid: string; email: string; secretId?: string }> {
  const uid = `${label}-${randomBytes(4).toString('hex')}`;
  const email = `${uid}@example.com`;
  await firebaseAuth(t.config).createUser({ uid, email, password: DEMO_PASSWORD, emailVerified: true });
  await ensureUser(t.db, uid, email, Date.now());
  await grantRole(t.db, uid, 'patient');
  if (!options.totp) return { uid, email };
  const secret = await createTotpSecret(
    { db: t.db, secret: t.config.secret, now: Date.now },
    { id: uid, email },
    { confirmed: true, secret: DEMO_SECRET },
  );
  return { uid, email, secretId: secret.id };
}
