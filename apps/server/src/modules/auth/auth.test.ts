// Sign-in through HTTP against a real Auth emulator: custom tokens, MFA at sign-in, sessions, re-auth,
// sign-out and query-string tokens. Includes the acceptance flow.
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectContract, freshTotp } from '../../../test/identity/helpers.ts';
import { identitySignIns } from '../../../test/identity/sign-ins.ts';
import type { TestApp } from '../../../test/helpers.ts';

const identity = identitySignIns();
const { passwordToken, signIn, sessionOf } = identity;
let t: TestApp;
beforeAll(() => ({ t } = identity));

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
/** A query-string token of the caller (its ID as the answer's text). */
const createQueryToken = (idToken: string) =>
  t.app.inject({ method: 'POST', url: '/iams/query-string-token/create', headers: bearer(idToken) });
const useQueryToken = (tokenID: string) =>
  get(`/iams/query-string-token/use?tokenID=${encodeURIComponent(tokenID)}`);
/** Every query-string token not used yet is past its 5 minutes. */
const expireUnusedQueryTokens = () =>
  t.db
    .updateTable('query_string_tokens')
    .set({ expires_at: Date.now() - 1 })
    .where('used_at', 'is', null)
    .execute();

describe('acceptance: password → customToken → mfa_required → TOTP → custom token → signInWithCustomToken → authorised call', () => {
  it('signs the therapist in with the TOTP second factor', async () => {
    const idToken = await passwordToken('therapist@example.com');

    // Before the second factor, the therapist's password token reaches no therapist operation.
    const early = await get('/iams/scopes/current', bearer(idToken));
    expect(early.json()).toMatchObject({ uid: 'therapist-1', scopes: [] });

    const first = await get('/iams/auth/customToken?scope=therapist', { idToken });
    expect(first.statusCode).toBe(401);
    expectContract('getCustomToken', first);
    const challenge = first.json();
    expect(challenge.code).toBe('mfa_required');
    expect(challenge.options.options).toEqual([
      { type: 'totp', id: expect.any(String), label: 'Demo authenticator', default: true },
    ]);
    expect(challenge.details.options).toEqual(challenge.options.options);

    const secretId = challenge.options.options[0].id as string;
    const code = await freshTotp(secretId);
    const second = await get('/iams/auth/customToken?scope=therapist', {
      idToken,
      mfaChallengeResponse: `totp:${secretId}:${code}`,
    });
    expect(second.statusCode).toBe(200);
    expectContract('getCustomToken', second);
    expect(second.json()).toMatchObject({ uid: 'therapist-1', scopes: ['therapist'] });

    const session = await sessionOf(second.json().customToken);
    const current = await get('/iams/scopes/current', bearer(session));
    expect(current.statusCode).toBe(200);
    expectContract('getCurrentScopes', current);
    expect(current.json()).toEqual({
      uid: 'therapist-1',
      scopes: ['therapist'],
      available: ['therapist', 'lead-therapist'],
      platformAdmin: false,
    });

    // The same code is not accepted twice.
    const replay = await get('/iams/auth/customToken?scope=therapist', {
      idToken,
      mfaChallengeResponse: `totp:${secretId}:${code}`,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'mfa_invalid', details: { attemptsLeft: 9 } });
  });
});

describe('customToken', () => {
  it('gives a patient without MFA a token with the patient scope straight away', async () => {
    const idToken = await passwordToken('patient@example.com');
    const response = await get('/iams/auth/customToken?scope=patient', { idToken });
    expect(response.statusCode).toBe(200);
    expectContract('getCustomToken', response);
    const session = await sessionOf(response.json().customToken);
    const record = await get('/iams/account-details/patientrecord', bearer(session));
    expect(record.statusCode).toBe(200);
    expect(record.json()).toMatchObject({ patientId: 'patient-01', firstName: 'Sam' });
  });

  it('accepts the ID token as a bearer token too', async () => {
    const idToken = await passwordToken('patient3@example.com');
    const response = await get('/iams/auth/customToken?scope=patient', bearer(idToken));
    expect(response.statusCode).toBe(200);
  });

  it('refuses a scope the user does not hold (403 scope_not_granted)', async () => {
    const idToken = await passwordToken('patient@example.com');
    const response = await get('/iams/auth/customToken?scope=therapist', { idToken });
    expect(response.statusCode).toBe(403);
    expectContract('getCustomToken', response);
    expect(response.json()).toMatchObject({ code: 'scope_not_granted', details: { scopes: ['therapist'] } });
    const mixed = await get('/iams/auth/customToken?scope=patient&scope=org-admin', { idToken });
    expect(mixed.json()).toMatchObject({ code: 'scope_not_granted', details: { scopes: ['org-admin'] } });
  });

  it('answers 401 for a missing or forged ID token and 400 for unknown scopes or a malformed response', async () => {
    expect((await get('/iams/auth/customToken?scope=patient')).json().code).toBe('unauthenticated');
    const forged = await get('/iams/auth/customToken?scope=patient', {
      idToken: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('invalid_token');
    expect((await get('/iams/auth/customToken?scope=superuser', { idToken: 'x' })).statusCode).toBe(400);
    expect((await get('/iams/auth/customToken', { idToken: 'x' })).statusCode).toBe(400);
    const idToken = await passwordToken('admin@example.com');
    const malformed = await get('/iams/auth/customToken?scope=org-admin', {
      idToken,
      mfaChallengeResponse: 'totp:abc',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('signs the e-mail-challenge patient in with a code read from the mailbox', async () => {
    const idToken = await passwordToken('mfa-email@example.com');
    const first = await get('/iams/auth/customToken?scope=patient', { idToken });
    expect(first.statusCode).toBe(401);
    expect(first.json().options.options).toEqual([
      { type: 'email', id: 'email', label: 'm*****@example.com', default: true },
    ]);

    const sent = await get('/iams/mfa/email/challenge', bearer(idToken));
    expect(sent.statusCode).toBe(200);
    expectContract('sendEmailChallenge', sent);
    const { challengeId, sentTo } = sent.json();
    expect(sentTo).toBe('m*****@example.com');
    const mail = t.mailer.catcher!.list('mfa-email@example.com').at(-1)!;
    const code = /(\d{6})/.exec(mail.subject)![1]!;
    expect(mail.text).toContain(code);

    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await get('/iams/auth/customToken?scope=patient', {
      idToken,
      mfaChallengeResponse: `email:${challengeId}:${wrong}`,
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('mfa_invalid');

    const ok = await get('/iams/auth/customToken?scope=patient', {
      idToken,
      mfaChallengeResponse: `email:${challengeId}:${code}`,
    });
    expect(ok.statusCode).toBe(200);
    const again = await get('/iams/auth/customToken?scope=patient', {
      idToken,
      mfaChallengeResponse: `email:${challengeId}:${code}`,
    });
    expect(again.statusCode).toBe(401);
  });

  it('carries the second factor of a custom-token session forward (scope change without a new code)', async () => {
    const admin = await signIn('admin@example.com', ['org-admin']);
    const again = await get('/iams/auth/customToken?scope=org-admin', { idToken: admin.idToken });
    expect(again.statusCode).toBe(200);
  });

  it('makes a therapist without a second factor enrol first, and accepts the first code of the new secret', async () => {
    const idToken = await passwordToken('therapist2@example.com');
    await t.db.deleteFrom('mfa_totp_secrets').where('user_id', '=', 'therapist-2').execute();
    const refused = await get('/iams/auth/customToken?scope=therapist', { idToken });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('mfa_enrolment_required');

    const created = await t.app.inject({
      method: 'POST',
      url: '/iams/mfa/otp/secrets',
      headers: bearer(idToken),
      payload: { label: 'Work phone' },
    });
    expect(created.statusCode).toBe(201);
    expectContract('createOtpSecret', created);
    const { id, secret, otpauthUri } = created.json();
    expect(otpauthUri).toContain(`secret=${secret}`);
    const code = await freshTotp(id, secret);
    const response = await get('/iams/auth/customToken?scope=therapist&scope=lead-therapist', {
      idToken,
      mfaChallengeResponse: `totp:${id}:${code}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().scopes).toEqual(['therapist', 'lead-therapist']);
    const options = await get('/iams/mfa/options', bearer(idToken));
    expect(options.json().options).toEqual([{ type: 'totp', id, label: 'Work phone', default: true }]);
  });
});

describe('sessionCookie, refresh tokens and logout', () => {
  it('sets an httpOnly SameSite=Strict session cookie, gives a refresh token, and logout revokes both', async () => {
    const patient = await signIn('patient4@example.com', ['patient']);
    const response = await get('/iams/auth/sessionCookie?generateRefreshToken=true', {
      idToken: patient.idToken,
    });
    expect(response.statusCode).toBe(200);
    expectContract('getSessionCookie', response);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^__session=[^;]+; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict; Secure$/);
    const { refreshToken, expiresAt } = response.json();
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now() + 11 * 3600_000);
    expect(refreshToken).toMatch(/^rt1\./);

    const value = cookie.split(';')[0]!;
    const withCookie = await get('/iams/account-details/summary', { cookie: value });
    expect(withCookie.statusCode).toBe(200);
    expect(withCookie.json().uid).toBe('patient-04');

    const refreshed = await get('/iams/auth/customToken?scope=patient', { refreshToken });
    expect(refreshed.statusCode).toBe(200);

    const out = await get('/iams/auth/logout', bearer(patient.idToken));
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(
      /^__session=; Path=\/; Max-Age=0; HttpOnly; SameSite=Strict; Secure; Expires=/,
    );

    expect((await get('/iams/account-details/summary', bearer(patient.idToken))).statusCode).toBe(401);
    expect((await get('/iams/account-details/summary', { cookie: value })).statusCode).toBe(401);
    const dead = await get('/iams/auth/customToken?scope=patient', { refreshToken });
    expect(dead.statusCode).toBe(401);
    expect(dead.json().code).toBe('invalid_token');
  });

  it('does not set the cookie with setCookie=false, and refuses a password ID token', async () => {
    const patient = await signIn('patient5@example.com', ['patient']);
    const response = await get('/iams/auth/sessionCookie?setCookie=false', { idToken: patient.idToken });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.json().refreshToken).toBeNull();
    const password = await passwordToken('patient5@example.com');
    expect((await get('/iams/auth/sessionCookie', { idToken: password })).statusCode).toBe(400);
    expect((await get('/iams/auth/sessionCookie', { idToken: 'nonsense' })).statusCode).toBe(401);
  });
});

describe('freshCustomToken (re-authentication)', () => {
  it('re-issues the current scopes for a fresh sign-in and refuses an old one', async () => {
    const therapist = await signIn('therapist@example.com', ['therapist']);
    const fresh = await get('/iams/auth/freshCustomToken', bearer(therapist.idToken));
    expect(fresh.statusCode).toBe(200);
    expectContract('getFreshCustomToken', fresh);
    expect(fresh.json().scopes).toEqual(['therapist']);

    // A session carrying its MFA forward keeps the time of the password sign-in (still recent here).
    const carried = await get('/iams/auth/customToken?scope=therapist', { idToken: therapist.idToken });
    const carriedSession = await sessionOf(carried.json().customToken);
    const carriedFresh = await get('/iams/auth/freshCustomToken', bearer(carriedSession));
    expect(carriedFresh.statusCode).toBe(200);

    // A session from a refresh token has no recent password sign-in.

    const refreshed = await get('/iams/auth/customToken?scope=patient', {
      refreshToken: (
        await get('/iams/auth/sessionCookie?generateRefreshToken=true&setCookie=false', {
          idToken: (await signIn('patient6@example.com', ['patient'])).idToken,
        })
      ).json().refreshToken,
    });
    const fromRefresh = await sessionOf(refreshed.json().customToken);
    const refused = await get('/iams/auth/freshCustomToken', bearer(fromRefresh));
    expect(refused.statusCode).toBe(401);
    expectContract('getFreshCustomToken', refused);
    expect(refused.json().code).toBe('reauthentication_required');
  });

  it('asks a user with MFA who re-entered only the password for the second factor', async () => {
    const idToken = await passwordToken('admin@example.com');
    const response = await get('/iams/auth/freshCustomToken', bearer(idToken));
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('mfa_required');
    const id = response.json().options.options[0].id;
    const ok = await get('/iams/auth/freshCustomToken', {
      ...bearer(idToken),
      mfaChallengeResponse: `totp:${id}:${await freshTotp(id)}`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().scopes).toEqual(['org-admin']);
  });

  it('needs a signed-in caller', async () => {
    expect((await get('/iams/auth/freshCustomToken')).statusCode).toBe(401);
  });
});

describe('query-string tokens', () => {
  it('stand for the caller once, for 5 minutes', async () => {
    const patient = await signIn('patient7@example.com', ['patient']);
    const created = await createQueryToken(patient.idToken);
    expect(created.statusCode).toBe(200);
    expectContract('createQueryStringToken', created);
    expect(created.headers['content-type']).toMatch(/^text\/plain/);
    const tokenID = created.body;

    const used = await useQueryToken(tokenID);
    expect(used.statusCode).toBe(200);
    expectContract('useQueryStringToken', used);
    expect(used.json()).toMatchObject({ uid: 'patient-07', scopes: ['patient'] });
    const session = await sessionOf(used.json().customToken);
    expect((await get('/iams/account-details/patientrecord', bearer(session))).json().patientId).toBe(
      'patient-07',
    );

    const again = await useQueryToken(tokenID);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('invalid_token');

    const late = await createQueryToken(patient.idToken);
    await expireUnusedQueryTokens();
    expect((await useQueryToken(late.body)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/iams/query-string-token/create' })).statusCode).toBe(
      401,
    );
  });
});

describe('sign-in hand-over (POST /iams/auth/handover)', () => {
  const post = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/iams/auth/handover', payload: payload as object });

  it('redeems a query-string token once, from the body, as a custom token of its user and scopes', async () => {
    const patient = await signIn('patient7@example.com', ['patient']);
    const created = await createQueryToken(patient.idToken);
    expect(created.statusCode).toBe(200);

    const used = await post({ handover: created.body });
    expect(used.statusCode).toBe(200);
    expectContract('redeemSignInHandover', used);
    expect(used.headers['cache-control']).toBe('no-store');
    expect(used.json()).toMatchObject({ uid: 'patient-07', scopes: ['patient'] });
    const session = await sessionOf(used.json().customToken);
    expect((await get('/iams/account-details/patientrecord', bearer(session))).json().patientId).toBe(
      'patient-07',
    );

    // Single use, whichever way it is redeemed.
    const again = await post({ handover: created.body });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('invalid_token');
    expectContract('redeemSignInHandover', again);
    expect((await useQueryToken(created.body)).statusCode).toBe(401);
  });

  it('refuses an expired, unknown or missing hand-over with a 4xx and a reason', async () => {
    const patient = await signIn('patient7@example.com', ['patient']);
    const late = await createQueryToken(patient.idToken);
    await expireUnusedQueryTokens();
    const expired = await post({ handover: late.body });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('invalid_token');
    expect((await post({ handover: 'never-made' })).statusCode).toBe(401);
    for (const payload of [
      {},
      { handover: '' },
      { handover: 'x'.repeat(201) },
      { handover: 'a', extra: 1 },
    ]) {
      const bad = await post(payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().message).toEqual(expect.any(String));
    }
  });
});
