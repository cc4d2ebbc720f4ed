// The MFA calls through HTTP against a real Auth emulator: options and configurations, TOTP secrets
// (create, confirm, list, rename, delete with re-authentication and the last-factor rule), the e-mail
// factor (challenge, enrolment, removal), and who may do what.
import * as OTPAuth from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { firebaseAuth } from '../../auth/firebase.ts';
import { bearer, expectContract, freshTotp } from '../../../test/identity/helpers.ts';
import { identitySignIns } from '../../../test/identity/sign-ins.ts';
import type { TestApp } from '../../../test/helpers.ts';

const identity = identitySignIns();
const { passwordToken, signIn, sessionOf } = identity;
let t: TestApp;
beforeAll(() => ({ t } = identity));

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, idToken?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: idToken ? bearer(idToken) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A custom-token session whose re-authentication is `ageSeconds` old. */
async function sessionWithReauthAge(uid: string, scopes: string[], ageSeconds: number): Promise<string> {
  const token = await firebaseAuth(t.config).createCustomToken(uid, {
    scopes,
    mfa: true,
    reauth_at: Math.floor(Date.now() / 1000) - ageSeconds,
  });
  return sessionOf(token);
}

describe('options and configurations', () => {
  it("lists the therapist's TOTP secret as the default option and configuration; MFA is required", async () => {
    const therapist = await signIn('therapist@example.com', ['therapist']);
    const options = await call('GET', '/iams/mfa/options', therapist.idToken);
    expect(options.statusCode).toBe(200);
    expectContract('getMfaOptions', options);
    expect(options.json()).toEqual({
      options: [{ type: 'totp', id: expect.any(String), label: 'Demo authenticator', default: true }],
    });

    const configurations = await call('GET', '/iams/mfa/configurations', therapist.idToken);
    expect(configurations.statusCode).toBe(200);
    expectContract('listMfaConfigurations', configurations);
    expect(configurations.json()).toMatchObject({
      required: true,
      configurations: [
        { type: 'totp', label: 'Demo authenticator', default: true, lastUsedAt: expect.any(String) },
      ],
    });

    const secrets = await call('GET', '/iams/mfa/otp/secrets', therapist.idToken);
    expect(secrets.statusCode).toBe(200);
    expectContract('listOtpSecrets', secrets);
    expect(JSON.stringify(secrets.json())).not.toContain('JBSWY3DPEHPK3PXP');
  });

  it('shows a patient without MFA no options, and refuses anonymous callers', async () => {
    const idToken = await passwordToken('patient11@example.com');
    expect((await call('GET', '/iams/mfa/options', idToken)).json()).toEqual({ options: [] });
    expect((await call('GET', '/iams/mfa/configurations', idToken)).json()).toEqual({
      configurations: [],
      required: false,
    });
    for (const [method, url] of [
      ['GET', '/iams/mfa/options'],
      ['GET', '/iams/mfa/configurations'],
      ['GET', '/iams/mfa/otp/secrets'],
      ['GET', '/iams/mfa/email/challenge'],
      ['DELETE', '/iams/mfa/email/default-email'],
      ['DELETE', '/iams/mfa/otp/secrets/x'],
    ] as const) {
      const response = await call(method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('TOTP secrets', () => {
  it('enrols a patient: create, confirm with a code, then changes need a re-authentication', async () => {
    const password = await passwordToken('patient8@example.com');
    const created = await call('POST', '/iams/mfa/otp/secrets', password, { label: 'My phone' });
    expect(created.statusCode).toBe(201);
    expectContract('createOtpSecret', created);
    const { id, secret, otpauthUri, label } = created.json();
    expect(label).toBe('My phone');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = OTPAuth.URI.parse(otpauthUri);
    expect(parsed.issuer).toBe('Tend');
    expect(parsed.label).toBe('patient8@example.com');

    // Unconfirmed: listed, but not an option yet.
    expect((await call('GET', '/iams/mfa/otp/secrets', password)).json().secrets).toEqual([
      { id, label: 'My phone', confirmed: false, createdAt: expect.any(String), lastUsedAt: null },
    ]);
    expect((await call('GET', '/iams/mfa/options', password)).json().options).toEqual([]);

    const wrong = await call('POST', '/iams/mfa/otp/challenge-response', password, {
      otpSecretId: id,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(401);
    expectContract('respondOtpChallenge', wrong);
    expect(wrong.json()).toMatchObject({ code: 'mfa_invalid', details: { attemptsLeft: 9 } });
    const missing = await call('POST', '/iams/mfa/otp/challenge-response', password, {
      otpSecretId: 'nope',
      code: '123456',
    });
    expect(missing.statusCode).toBe(404);

    const ok = await call('POST', '/iams/mfa/otp/challenge-response', password, {
      otpSecretId: id,
      code: await freshTotp(id, secret),
    });
    expect(ok.statusCode).toBe(200);
    expectContract('respondOtpChallenge', ok);
    expect(ok.json()).toEqual({ verified: true, configurationId: id });
    expect((await call('GET', '/iams/mfa/options', password)).json().options).toEqual([
      { type: 'totp', id, label: 'My phone', default: true },
    ]);

    // Now that the patient has MFA, a password alone is not a re-authentication.
    const again = await call('POST', '/iams/mfa/otp/secrets', password, { label: 'Tablet' });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('reauthentication_required');
    const full = await signIn('patient8@example.com', ['patient'], {
      secretId: id,
      secret,
    });
    const second = await call('POST', '/iams/mfa/otp/secrets', full.idToken, { label: 'Tablet' });
    expect(second.statusCode).toBe(201);
  });

  it("renames and deletes only with a recent re-authentication, only the owner's secrets", async () => {
    const therapist = await signIn('therapist@example.com', ['therapist']);
    const [secret] = (await call('GET', '/iams/mfa/otp/secrets', therapist.idToken)).json().secrets;

    const stale = await sessionWithReauthAge('therapist-1', ['therapist'], 11 * 60);
    const refused = await call('PUT', `/iams/mfa/otp/secrets/${secret.id}`, stale, { label: 'Old phone' });
    expect(refused.statusCode).toBe(401);
    expectContract('renameOtpSecret', refused);
    expect(refused.json().code).toBe('reauthentication_required');
    // Carrying a stale session forward through customToken does not make it fresh.
    const carried = await t.app.inject({
      method: 'GET',
      url: '/iams/auth/customToken?scope=therapist',
      headers: { idToken: stale },
    });
    expect(carried.statusCode).toBe(200);
    const carriedSession = await sessionOf(carried.json().customToken);
    expect(
      (await call('PUT', `/iams/mfa/otp/secrets/${secret.id}`, carriedSession, { label: 'Old phone' }))
        .statusCode,
    ).toBe(401);

    const renamed = await call('PUT', `/iams/mfa/otp/secrets/${secret.id}`, therapist.idToken, {
      label: '  Old   phone ',
    });
    expect(renamed.statusCode).toBe(200);
    expectContract('renameOtpSecret', renamed);
    expect(renamed.json()).toMatchObject({ id: secret.id, label: 'Old phone', confirmed: true });
    expect(
      (await call('PUT', `/iams/mfa/otp/secrets/${secret.id}`, therapist.idToken, { label: '' })).statusCode,
    ).toBe(400);

    // Another user's secret does not exist for this caller.
    const admin = await signIn('admin@example.com', ['org-admin']);
    expect(
      (await call('PUT', `/iams/mfa/otp/secrets/${secret.id}`, admin.idToken, { label: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/iams/mfa/otp/secrets/${secret.id}`, admin.idToken)).statusCode).toBe(404);

    // A therapist keeps at least one second factor.
    const last = await call('DELETE', `/iams/mfa/otp/secrets/${secret.id}`, therapist.idToken);
    expect(last.statusCode).toBe(409);
    expectContract('deleteOtpSecret', last);
    expect(last.json().code).toBe('last_factor');

    const created = await call('POST', '/iams/mfa/otp/secrets', therapist.idToken, { label: 'New phone' });
    const { id, secret: base32 } = created.json();
    await call('POST', '/iams/mfa/otp/challenge-response', therapist.idToken, {
      otpSecretId: id,
      code: await freshTotp(id, base32),
    });
    expect((await call('DELETE', `/iams/mfa/otp/secrets/${secret.id}`, stale)).statusCode).toBe(401);
    const deleted = await call('DELETE', `/iams/mfa/otp/secrets/${secret.id}`, therapist.idToken);
    expect(deleted.statusCode).toBe(204);
    expect(
      (await call('GET', '/iams/mfa/otp/secrets', therapist.idToken))
        .json()
        .secrets.map((s: { id: string }) => s.id),
    ).toEqual([id]);
    expect((await call('DELETE', `/iams/mfa/otp/secrets/${secret.id}`, therapist.idToken)).statusCode).toBe(
      404,
    );
  });

  it('validates bodies', async () => {
    const idToken = await passwordToken('patient12@example.com');
    expect((await call('POST', '/iams/mfa/otp/secrets', idToken, {})).statusCode).toBe(400);
    expect((await call('POST', '/iams/mfa/otp/secrets', idToken, { label: 'x'.repeat(61) })).statusCode).toBe(
      400,
    );
    expect(
      (await call('POST', '/iams/mfa/otp/challenge-response', idToken, { otpSecretId: 'a', code: '12ab56' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('e-mail factor', () => {
  it('enrols the account address with a mailed code, makes it the default, and removes it after re-authentication', async () => {
    const password = await passwordToken('patient9@example.com');
    const sent = await call('GET', '/iams/mfa/email/challenge', password);
    expect(sent.statusCode).toBe(200);
    expectContract('sendEmailChallenge', sent);
    const { challengeId, sentTo, expiresAt } = sent.json();
    expect(sentTo).toBe('p*****@example.com');
    const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    const code = /(\d{6})/.exec(t.mailer.catcher!.list('patient9@example.com').at(-1)!.subject)![1]!;

    const wrongId = await call('POST', '/iams/mfa/email/challenge-response', password, {
      challengeId: 'other',
      code,
    });
    expect(wrongId.statusCode).toBe(401);
    const ok = await call('POST', '/iams/mfa/email/challenge-response', password, { challengeId, code });
    expect(ok.statusCode).toBe(200);
    expectContract('respondEmailChallenge', ok);
    expect(ok.json()).toEqual({ verified: true, configurationId: 'email' });
    expect(
      (await call('POST', '/iams/mfa/email/challenge-response', password, { challengeId, code })).statusCode,
    ).toBe(401);
    expect((await call('GET', '/iams/mfa/options', password)).json().options).toEqual([
      { type: 'email', id: 'email', label: 'p*****@example.com', default: true },
    ]);
    expect((await call('GET', '/iams/mfa/configurations', password)).json().configurations).toMatchObject([
      { id: 'email', type: 'email', default: true },
    ]);

    const refused = await call('DELETE', '/iams/mfa/email/default-email', password);
    expect(refused.statusCode).toBe(401);
    expectContract('deleteDefaultEmailFactor', refused);
    const fresh = await sessionWithReauthAge('patient-09', ['patient'], 60);
    const removed = await call('DELETE', '/iams/mfa/email/default-email', fresh);
    expect(removed.statusCode).toBe(204);
    expect((await call('GET', '/iams/mfa/options', password)).json().options).toEqual([]);
    expect((await call('DELETE', '/iams/mfa/email/default-email', fresh)).statusCode).toBe(404);
  });

  it('lets the user choose which factor is the default (a TOTP secret again after e-mail)', async () => {
    const password = await passwordToken('patient10@example.com');
    const created = (await call('POST', '/iams/mfa/otp/secrets', password, { label: 'Phone' })).json();
    expect(
      (
        await call('POST', '/iams/mfa/otp/challenge-response', password, {
          otpSecretId: created.id,
          code: await freshTotp(created.id, created.secret),
        })
      ).statusCode,
    ).toBe(200);
    const full = await signIn('patient10@example.com', ['patient'], {
      secretId: created.id,
      secret: created.secret,
    });
    const sent = (await call('GET', '/iams/mfa/email/challenge', full.idToken)).json();
    const code = /(\d{6})/.exec(t.mailer.catcher!.list('patient10@example.com').at(-1)!.subject)![1]!;
    expect(
      (
        await call('POST', '/iams/mfa/email/challenge-response', full.idToken, {
          challengeId: sent.challengeId,
          code,
        })
      ).statusCode,
    ).toBe(200);
    const defaults = async () =>
      (await call('GET', '/iams/mfa/options', full.idToken))
        .json()
        .options.map((o: { id: string; default: boolean }) => [o.id, o.default]);
    expect(await defaults()).toEqual([
      [created.id, false],
      ['email', true],
    ]);

    const chosen = await call('PUT', '/iams/mfa/default', full.idToken, { id: created.id });
    expect(chosen.statusCode).toBe(200);
    expectContract('setDefaultMfaFactor', chosen);
    expect(
      chosen.json().configurations.map((c: { id: string; default: boolean }) => [c.id, c.default]),
    ).toEqual([
      [created.id, true],
      ['email', false],
    ]);
    expect(await defaults()).toEqual([
      [created.id, true],
      ['email', false],
    ]);
    expect((await call('PUT', '/iams/mfa/default', full.idToken, { id: 'email' })).statusCode).toBe(200);
    expect(await defaults()).toEqual([
      [created.id, false],
      ['email', true],
    ]);

    // Someone else's secret, an unknown id, bad bodies, no caller.
    const therapistSecret = await t.db
      .selectFrom('mfa_totp_secrets')
      .select('id')
      .where('user_id', '=', 'therapist-1')
      .executeTakeFirstOrThrow();
    const stranger = await call('PUT', '/iams/mfa/default', full.idToken, { id: therapistSecret.id });
    expect(stranger.statusCode).toBe(404);
    expectContract('setDefaultMfaFactor', stranger);
    expect((await call('PUT', '/iams/mfa/default', full.idToken, { id: 'nope' })).statusCode).toBe(404);
    for (const body of [{}, { id: '' }, { id: 'a b' }, { id: 'email', extra: 1 }]) {
      expect(
        (await call('PUT', '/iams/mfa/default', full.idToken, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect((await call('PUT', '/iams/mfa/default', undefined, { id: 'email' })).statusCode).toBe(401);
    expect(await defaults()).toEqual([
      [created.id, false],
      ['email', true],
    ]);
  });

  it('limits how many codes are mailed', async () => {
    const idToken = await passwordToken('patient13@example.com');
    for (let i = 0; i < 5; i += 1)
      expect((await call('GET', '/iams/mfa/email/challenge', idToken)).statusCode).toBe(200);
    const limited = await call('GET', '/iams/mfa/email/challenge', idToken);
    expect(limited.statusCode).toBe(429);
    expectContract('sendEmailChallenge', limited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
