// Own-account and scope calls through HTTP against a real Auth emulator, with the role matrix
// (anonymous, patient, another patient, therapist, admin).
import { beforeAll, describe, expect, it } from 'vitest';
import { firebaseAuth } from '../../auth/firebase.ts';
import { bearer, expectContract, type SignedIn } from '../../../test/identity/helpers.ts';
import { identitySignIns } from '../../../test/identity/sign-ins.ts';
import type { TestApp } from '../../../test/helpers.ts';

const identity = identitySignIns();
const { passwordToken, signIn, sessionOf } = identity;
let t: TestApp;
let patient: SignedIn;
let otherPatient: SignedIn;
let therapist: SignedIn;
let admin: SignedIn;
let dataExport: SignedIn;

beforeAll(async () => {
  ({ t } = identity);
  patient = await signIn('patient14@example.com', ['patient']);
  otherPatient = await signIn('patient15@example.com', ['patient']);
  therapist = await signIn('therapist2@example.com', ['therapist']);
  admin = await signIn('admin@example.com', ['org-admin']);
  dataExport = await signIn('data-export@example.com', ['data-export']);
}, 240_000);

const call = (method: 'GET' | 'POST', url: string, idToken?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(idToken ? bearer(idToken) : {}), ...headers } });

/** Asks for the caller's address to change to `email`; the link opens in the app of `origin` when given. */
const changeEmail = (idToken: string, email: string, origin?: string) =>
  call(
    'POST',
    `/iams/account-details/action/change-email?email=${encodeURIComponent(email)}`,
    idToken,
    origin ? { origin } : {},
  );
/** Confirms an address change by the id of the mailed link, as the caller. */
const confirmEmail = (idToken: string, id: string) =>
  call('POST', `/iams/account-details/action/confirm-change-email?id=${encodeURIComponent(id)}`, idToken);
/** Asks, anonymously, for a password reset link (the query names the address and the language). */
const requestReset = (query: string) =>
  call('POST', `/iams/account-details/action/request-change-password?${query}`);

/** The newest mail to the address once one has come (up to 60 s), or undefined. */
async function mailTo(address: string, timeoutMs = 60_000) {
  const catcher = t.mailer.catcher!;
  await catcher.waitFor((m) => m.to.includes(address.toLowerCase()), timeoutMs).catch(() => undefined);
  return catcher.list(address).at(-1);
}

describe('role matrix', () => {
  it('answers each caller their own summary; anonymous callers get 401', async () => {
    const expected: Array<[SignedIn, string, string[], boolean]> = [
      [patient, 'patient-14', ['patient'], false],
      [otherPatient, 'patient-15', ['patient'], false],
      [therapist, 'therapist-2', ['therapist', 'lead-therapist'], true],
      [admin, 'admin-1', ['org-admin'], true],
      [dataExport, 'data-export-1', ['data-export'], true],
    ];
    for (const [who, uid, scopes, mfaRequired] of expected) {
      const response = await call('GET', '/iams/account-details/summary', who.idToken);
      expect(response.statusCode).toBe(200);
      expectContract('getAccountSummary', response);
      expect(response.json()).toMatchObject({ uid, scopes, mfaRequired, mfaEnabled: mfaRequired });
    }
    expect((await call('GET', '/iams/account-details/summary', admin.idToken)).json().organisationId).toBe(
      'org-tend-health',
    );
    for (const url of [
      '/iams/account-details/summary',
      '/iams/account-details/patientrecord',
      '/iams/scopes/all',
      '/iams/scopes/current',
    ]) {
      const response = await call('GET', url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json().code).toBe('unauthenticated');
    }
    expect((await call('POST', '/iams/account-details/action/request-deletion')).statusCode).toBe(401);
    expect((await call('POST', '/iams/account-details/screenname?screenName=x')).statusCode).toBe(401);
  });

  it('gives the patient record to patients only, each their own', async () => {
    const own = await call('GET', '/iams/account-details/patientrecord', patient.idToken);
    expect(own.statusCode).toBe(200);
    expectContract('getPatientRecord', own);
    expect(own.json()).toMatchObject({
      patientId: 'patient-14',
      firstName: 'Kai',
      lastName: 'Nakamura',
      organisationId: 'org-tend-north',
    });
    expect(
      (await call('GET', '/iams/account-details/patientrecord', otherPatient.idToken)).json().patientId,
    ).toBe('patient-15');
    for (const who of [therapist, admin, dataExport]) {
      const refused = await call('GET', '/iams/account-details/patientrecord', who.idToken);
      expect(refused.statusCode).toBe(403);
      expectContract('getPatientRecord', refused);
    }
    // A password ID token (no scopes yet) does not reach patient data either.
    const password = await passwordToken('patient14@example.com');
    expect((await call('GET', '/iams/account-details/patientrecord', password)).statusCode).toBe(403);
  });
});

describe('scopes', () => {
  it("lists every scope, and the caller's current and available scopes", async () => {
    const all = await call('GET', '/iams/scopes/all', patient.idToken);
    expect(all.statusCode).toBe(200);
    expectContract('listAllScopes', all);
    expect(all.json().scopes.map((s: { scope: string }) => s.scope)).toEqual([
      'patient',
      'therapist',
      'lead-therapist',
      'org-admin',
      'data-export',
    ]);
    const current = await call('GET', '/iams/scopes/current', therapist.idToken);
    expectContract('getCurrentScopes', current);
    expect(current.json()).toEqual({
      uid: 'therapist-2',
      scopes: ['therapist'],
      available: ['therapist', 'lead-therapist'],
      platformAdmin: false,
    });
  });
});

describe('names and language', () => {
  it('updates the name (trimmed, also on the patient record), the screen name and the language', async () => {
    const named = await call(
      'POST',
      '/iams/account-details/username?firstName=%20Kai%20&lastName=Nakamura-Smith',
      patient.idToken,
    );
    expect(named.statusCode).toBe(200);
    expectContract('updateUserName', named);
    expect(named.json()).toMatchObject({ firstName: 'Kai', lastName: 'Nakamura-Smith' });
    expect((await call('GET', '/iams/account-details/patientrecord', patient.idToken)).json().lastName).toBe(
      'Nakamura-Smith',
    );

    const screen = await call('POST', '/iams/account-details/screenname?screenName=KaiN', patient.idToken);
    expect(screen.statusCode).toBe(200);
    expectContract('updateScreenName', screen);
    expect(screen.json().screenName).toBe('KaiN');

    const language = await call('POST', '/iams/account-details/language?language=en-gb', patient.idToken);
    expect(language.statusCode).toBe(200);
    expectContract('updateLanguage', language);
    expect(language.json().language).toBe('en-GB');

    // The other patient is untouched.
    expect((await call('GET', '/iams/account-details/summary', otherPatient.idToken)).json()).toMatchObject({
      lastName: 'Doyle',
      language: 'en',
    });
  });

  it('refuses blank, too long or malformed values with 400', async () => {
    for (const url of [
      '/iams/account-details/username?firstName=%20%20&lastName=x',
      '/iams/account-details/username?firstName=a',
      `/iams/account-details/screenname?screenName=${'x'.repeat(41)}`,
      '/iams/account-details/language?language=english!',
    ]) {
      const response = await call('POST', url, patient.idToken);
      expect(response.statusCode, url).toBe(400);
    }
  });
});

describe('e-mail change', () => {
  it('mails a link to the new address and changes it (also in Firebase) once confirmed by its owner', async () => {
    const user = await signIn('patient16@example.com', ['patient']);
    const taken = await changeEmail(user.idToken, 'therapist@example.com');
    expect(taken.statusCode).toBe(409);
    expectContract('requestEmailChange', taken);
    expect(taken.json().code).toBe('email_in_use');

    // Asked from the therapist console, the link opens there; from elsewhere (the public site, the mobile app: no
    // confirmation page) in the patient web app. The last request is the one that counts.
    await changeEmail(user.idToken, 'omar.new@example.com', 'http://localhost:5175');
    expect((await mailTo('omar.new@example.com'))!.text).toContain(
      'http://localhost:5175/account/confirm-email?id=',
    );
    await changeEmail(user.idToken, 'omar.new@example.com', 'http://localhost:5173');
    await expect.poll(() => t.mailer.catcher!.list('omar.new@example.com').length).toBe(2);
    expect(t.mailer.catcher!.list('omar.new@example.com').at(-1)!.text).toContain(
      'http://localhost:5174/account/confirm-email?id=',
    );
    const asked = await changeEmail(user.idToken, 'omar.new@example.com', 'http://localhost:5174');
    await expect.poll(() => t.mailer.catcher!.list('omar.new@example.com').length).toBe(3);
    expect(asked.statusCode).toBe(202);
    expectContract('requestEmailChange', asked);
    const mail = await mailTo('omar.new@example.com');
    const link = /(http:\/\/localhost:5174\/account\/confirm-email\?id=\S+)/.exec(mail!.text)![1]!;
    const id = new URL(link).searchParams.get('id')!;
    expect((await call('GET', '/iams/account-details/summary', user.idToken)).json()).toMatchObject({
      email: 'patient16@example.com',
      pendingEmail: 'omar.new@example.com',
    });

    const wrong = await confirmEmail(user.idToken, 'nope');
    expect(wrong.statusCode).toBe(400);
    expectContract('confirmEmailChange', wrong);
    expect(wrong.json().code).toBe('invalid_token');
    expect((await confirmEmail(otherPatient.idToken, id)).statusCode).toBe(400);

    // Revocation is recorded in whole seconds: let the sign-in's second pass, so the revocation is later.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const confirmed = await confirmEmail(user.idToken, id);
    expect(confirmed.statusCode).toBe(200);
    expectContract('confirmEmailChange', confirmed);
    expect(confirmed.json()).toMatchObject({ email: 'omar.new@example.com', pendingEmail: null });
    expect(await mailTo('patient16@example.com')).toBeTruthy();
    // Firebase ends the sessions of an account whose address changed: sign in again with the new address.
    const old = await call('GET', '/iams/account-details/summary', user.idToken);
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('invalid_token');
    const again = await signIn('omar.new@example.com', ['patient']);
    expect((await call('GET', '/iams/account-details/summary', again.idToken)).json().email).toBe(
      'omar.new@example.com',
    );
    expect((await confirmEmail(again.idToken, id)).statusCode).toBe(400);
  });
});

describe('password reset and deletion', () => {
  it("always answers 202, and mails the emulator's reset link only to an existing account", async () => {
    const known = await requestReset('emailAddress=patient17%40example.com&language=en');
    expect(known.statusCode).toBe(202);
    expectContract('requestPasswordChange', known);
    const unknown = await requestReset('emailAddress=nobody%40example.com');
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    const mail = await mailTo('patient17@example.com');
    expect(mail!.text).toMatch(/mode=resetPassword/);
    expect(await mailTo('nobody@example.com', 1500)).toBeUndefined();
    expect((await requestReset('emailAddress=not-an-address')).statusCode).toBe(400);
  });

  it('mails at most 3 reset links per address per hour', async () => {
    for (let i = 0; i < 4; i += 1) {
      const response = await requestReset('emailAddress=patient18%40example.com');
      expect(response.statusCode).toBe(202);
      // One at a time: each request's mail is sent after its answer.
      const deadline = Date.now() + 60_000;
      while (
        t.mailer.catcher!.list('patient18@example.com').length < Math.min(i + 1, 3) &&
        Date.now() < deadline
      ) {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    await new Promise((r) => setTimeout(r, 1500));
    expect(t.mailer.catcher!.list('patient18@example.com')).toHaveLength(3);
  });

  it('closes the account after a recent sign-in: the request recorded once, confirmed by mail, no more sign-in', async () => {
    // A session re-authenticated 11 minutes ago is not enough.
    const staleToken = await firebaseAuth(t.config).createCustomToken('patient-15', {
      scopes: ['patient'],
      mfa: false,
      reauth_at: Math.floor(Date.now() / 1000) - 11 * 60,
    });
    const stale = await call(
      'POST',
      '/iams/account-details/action/request-deletion',
      await sessionOf(staleToken),
    );
    expect(stale.statusCode).toBe(401);
    expectContract('requestAccountDeletion', stale);
    expect(stale.json().code).toBe('reauthentication_required');
    expect(
      await t.db.selectFrom('deletion_requests').select('id').where('user_id', '=', 'patient-15').execute(),
    ).toEqual([]);

    const first = await call('POST', '/iams/account-details/action/request-deletion', otherPatient.idToken);
    expect(first.statusCode).toBe(202);
    expectContract('requestAccountDeletion', first);
    expect(first.json().status).toBe('pending');
    expect((await mailTo('patient15@example.com'))!.subject).toMatch(/delete/i);
    // Every session has ended, and the password no longer signs in.
    expect((await call('GET', '/iams/account-details/summary', otherPatient.idToken)).statusCode).toBe(401);
    await expect(passwordToken('patient15@example.com')).rejects.toThrow(/USER_DISABLED/);
    // Recorded once (asked again, e.g. by the data team's tools, it answers the same request).
    const rows = await t.db
      .selectFrom('deletion_requests')
      .select(['created_at', 'status'])
      .where('user_id', '=', 'patient-15')
      .execute();
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0]!.created_at).toISOString()).toBe(first.json().requestedAt);
    // Another account is untouched.
    expect(
      (await call('GET', '/iams/account-details/summary', patient.idToken)).json().deletionRequestedAt,
    ).toBeNull();
  });
});
