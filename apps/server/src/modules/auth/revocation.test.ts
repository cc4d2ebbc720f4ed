// Sign-out is exact: a credential issued before it is refused at once, whatever second it was issued in,
// and a sign-in made after it works at once, in the same second too (src/auth/validity.ts). On PostgreSQL
// also across two server instances: sign out through one, the other refuses the old token.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityHooks } from '../../auth/index.ts';
import { firebaseAuth } from '../../auth/firebase.ts';
import { firebaseWatchOf } from '../../auth/firebase-watch.ts';
import { readValidity } from '../../auth/validity.ts';
import { testConfig } from '../../config.ts';
import { seed } from '../../db/seed.ts';
import { createInstances, type Instances, type TestApp } from '../../../test/helpers.ts';
import { DEMO_PASSWORD, bearer, createPatient } from '../../../test/identity/helpers.ts';
import { identitySignIns } from '../../../test/identity/sign-ins.ts';

const identity = identitySignIns();
const { passwordToken, signIn, sessionOf } = identity;
let t: TestApp;
beforeAll(() => ({ t } = identity));

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const summary = (app: FastifyInstance, headers: Record<string, string>) =>
  get(app, '/iams/account-details/summary', headers);

/** Waits for the start of the next whole second, so that what follows happens within one second. */
async function startOfSecond(): Promise<void> {
  await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 5));
}

function payload(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
}

describe('sign-out, on one instance', () => {
  it('refuses the ID token, the session cookie, the refresh token and the query-string token at once', async () => {
    const { email } = await createPatient(t, 'out');
    const patient = await signIn(email, ['patient']);
    const session = await get(t.app, '/iams/auth/sessionCookie?generateRefreshToken=true', {
      idToken: patient.idToken,
    });
    expect(session.statusCode).toBe(200);
    const cookie = String(session.headers['set-cookie']).split(';')[0]!;
    const { refreshToken } = session.json() as { refreshToken: string };
    const handover = await t.app.inject({
      method: 'POST',
      url: '/iams/query-string-token/create',
      headers: bearer(patient.idToken),
    });
    expect(handover.statusCode).toBe(200);
    expect((await summary(t.app, bearer(patient.idToken))).statusCode).toBe(200);
    expect((await summary(t.app, { cookie })).statusCode).toBe(200);

    expect((await get(t.app, '/iams/auth/logout', bearer(patient.idToken))).statusCode).toBe(204);

    const again = await summary(t.app, bearer(patient.idToken));
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('invalid_token');
    expect(again.headers['cache-control']).toBe('no-store');
    expect((await summary(t.app, { cookie })).statusCode).toBe(401);
    expect((await get(t.app, '/iams/auth/customToken?scope=patient', { refreshToken })).statusCode).toBe(401);
    expect(
      (await get(t.app, `/iams/query-string-token/use?tokenID=${encodeURIComponent(handover.body)}`))
        .statusCode,
    ).toBe(401);
  });

  it('refuses a password ID token and a custom token issued before the sign-out in the same second', async () => {
    const { uid, email } = await createPatient(t, 'before');
    const patient = await signIn(email, ['patient']);
    await startOfSecond();
    const password = await passwordToken(email);
    const minted = await get(t.app, '/iams/auth/customToken?scope=patient', { idToken: password });
    expect(minted.statusCode).toBe(200);
    expect((await get(t.app, '/iams/auth/logout', bearer(patient.idToken))).statusCode).toBe(204);
    const { validAfter } = await readValidity(t.db, uid);
    // Whatever second they were issued in (here most likely the sign-out's own), they are refused.
    expect(payload(password).auth_time).toBeLessThanOrEqual(Math.floor(validAfter / 1000));
    expect((await get(t.app, '/iams/auth/customToken?scope=patient', { idToken: password })).statusCode).toBe(
      401,
    );
    expect((await summary(t.app, bearer(password))).statusCode).toBe(401);
    // The custom token was minted before: the session it starts now is refused too.
    const late = await sessionOf(minted.json().customToken);
    expect((await summary(t.app, bearer(late))).statusCode).toBe(401);
  });

  it('lets the user sign in again at once, within the same second as the sign-out', async () => {
    const { uid, email } = await createPatient(t, 'again');
    const first = await signIn(email, ['patient']);
    await startOfSecond();
    expect((await get(t.app, '/iams/auth/logout', bearer(first.idToken))).statusCode).toBe(204);
    const { validAfter } = await readValidity(t.db, uid);
    // The password sign-in carries the account's claim written by the sign-out: that tells it apart from
    // one made before in the same second.
    const password = await passwordToken(email);
    expect(payload(password).av).toBe(validAfter);
    const minted = await get(t.app, '/iams/auth/customToken?scope=patient', { idToken: password });
    expect(minted.statusCode).toBe(200);
    const second = { idToken: await sessionOf(minted.json().customToken) };
    expect(payload(second.idToken).sv).toBe(validAfter);
    const read = await summary(t.app, bearer(second.idToken));
    expect(read.statusCode).toBe(200);
    expect(read.json().uid).toBe(uid);
    expect((await summary(t.app, bearer(first.idToken))).statusCode).toBe(401);
  });

  it('refuses what was signed in before a password change made at Firebase, once the account was looked at', async () => {
    const { uid, email } = await createPatient(t, 'password');
    const before = await signIn(email, ['patient']);
    expect((await summary(t.app, bearer(before.idToken))).statusCode).toBe(200);
    // Firebase's "tokens valid after" is a whole second: the change must be in a later one.
    await startOfSecond();
    // The password changed on Firebase's own page: the account's "tokens valid after" moves on.
    await firebaseAuth(t.config).updateUser(uid, { password: DEMO_PASSWORD });
    const watch = firebaseWatchOf(t.db)!;
    watch.recheck(uid);
    expect((await summary(t.app, bearer(before.idToken))).statusCode).toBe(200);
    await watch.flush();
    expect((await summary(t.app, bearer(before.idToken))).statusCode).toBe(401);
    const after = await signIn(email, ['patient']);
    expect((await summary(t.app, bearer(after.idToken))).statusCode).toBe(200);
  });
});

// Two server processes on one PostgreSQL database: signed out through A, refused by B at once.
const databaseUrl = process.env.DATABASE_URL;

describe('sign-out across two instances on PostgreSQL', () => {
  let instances: Instances | undefined;
  let apps: FastifyInstance[] = [];

  beforeAll(async () => {
    if (!databaseUrl) return;
    instances = await createInstances(2, {
      config: { authEmulatorHost: identity.emulator.host },
      identity: identityHooks,
      resolveUser: identityHooks.resolveUser,
    });
    apps = instances.apps;
    await seed({
      db: instances.db,
      config: testConfig({ databaseUrl, authEmulatorHost: identity.emulator.host }),
      identity: identityHooks,
    });
  }, 240_000);
  afterAll(async () => instances?.close());

  it.skipIf(!databaseUrl)(
    'refuses on instance B the token signed out through instance A (skipped without DATABASE_URL: runs in npm run test:pg)',
    async () => {
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const tA = { app: a } as TestApp;
      const { email } = await createPatient(
        { db: instances!.db, config: testConfig({ authEmulatorHost: identity.emulator.host }) },
        'pg',
      );
      for (let round = 0; round < 3; round++) {
        const patient = await signIn(email, ['patient'], {}, tA);
        // B has read (and cached) the user's record before the sign-out.
        expect((await summary(b, bearer(patient.idToken))).statusCode).toBe(200);
        expect((await summary(a, bearer(patient.idToken))).statusCode).toBe(200);
        expect((await get(a, '/iams/auth/logout', bearer(patient.idToken))).statusCode).toBe(204);
        const refused = await summary(b, bearer(patient.idToken));
        expect(refused.statusCode).toBe(401);
        expect(refused.json().code).toBe('invalid_token');
        // Signing in again works at once on either.
        const again = await signIn(email, ['patient'], {}, { app: b } as TestApp);
        expect((await summary(a, bearer(again.idToken))).statusCode).toBe(200);
        expect((await summary(b, bearer(again.idToken))).statusCode).toBe(200);
        await get(b, '/iams/auth/logout', bearer(again.idToken));
        expect((await summary(a, bearer(again.idToken))).statusCode).toBe(401);
      }
    },
  );

  it.skipIf(!databaseUrl)(
    'drops every instance’s copy of a user whose roles another writer changed (a trigger announces it)',
    async () => {
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const { uid, email } = await createPatient(
        { db: instances!.db, config: testConfig({ authEmulatorHost: identity.emulator.host }) },
        'roles',
      );
      const patient = await signIn(email, ['patient'], {}, { app: a } as TestApp);
      expect((await summary(b, bearer(patient.idToken))).json().scopes).toEqual(['patient']);
      // Written straight to the database, as any module or script might.
      await instances!.db
        .insertInto('user_roles')
        .values({ user_id: uid, role: 'data-export', organisation_id: null })
        .execute();
      await expect
        .poll(async () => (await summary(b, bearer(patient.idToken))).json().scopes)
        .toEqual(['patient', 'data-export']);
      await instances!.db
        .deleteFrom('user_roles')
        .where('user_id', '=', uid)
        .where('role', '=', 'data-export')
        .execute();
      await expect
        .poll(async () => (await summary(b, bearer(patient.idToken))).json().scopes)
        .toEqual(['patient']);
    },
  );
});
