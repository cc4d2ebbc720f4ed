import { beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../db/seed.ts';
import type { AuthUser, ResolveUser } from '../../http/types.ts';
import {
  TEST_USERS,
  createTestApp,
  resolveUserFrom,
  type TestApp,
  rowsWhere,
} from '../../../test/helpers.ts';
import { fileTestApp } from '../../../test/file-app.ts';
import { organisationRow } from '../organisations/test-support.ts';

// Newcomers: signed in (a Firebase account), no role yet, as right after sign-up.
const NEWCOMERS: Record<string, AuthUser> = {
  byCode: { uid: 'new-by-code', email: 'robin@somewhere.example', scopes: [], roles: [] },
  byEmail: { uid: 'new-by-email', email: 'kim@tend-health.example', scopes: [], roles: [] },
  bySubdomain: { uid: 'new-by-subdomain', email: 'lee@north.example.com', scopes: [], roles: [] },
  stranger: { uid: 'new-stranger', email: 'sam@nowhere.example', scopes: [], roles: [] },
  full: { uid: 'new-full', email: 'alex@other.example', scopes: [], roles: [] },
};
const USERS: Record<string, AuthUser> = { ...TEST_USERS, ...NEWCOMERS };

const resolveUser: ResolveUser = resolveUserFrom(USERS, 'anonymous');

const file = fileTestApp(async () => {
  const t = await createTestApp({ resolveUser, rateLimitEnabled: false });
  await seedIfEmpty({ db: t.db, config: t.config });
  for (const user of [...Object.values(NEWCOMERS), TEST_USERS.patient!]) {
    await t.db
      .insertInto('users')
      .values({
        id: user.uid,
        email: user.email!,
        first_name: 'New',
        last_name: 'Person',
        language: 'en',
        updated_at: Date.now(),
      })
      .execute();
  }
  return t;
});
const { op } = file;
let t: TestApp;
beforeAll(() => ({ t } = file));

/** The check's answer for a code that cannot be used: nothing else is revealed. */
const UNUSABLE = { valid: false, organisationName: null, termsUrl: null, privacyUrl: null };
const setNorthEnabled = (enabled: boolean) =>
  t.db.updateTable('organisations').set({ enabled }).where('id', '=', 'org-tend-north').execute();
/** The public check of an organisation access code. */
const checkCode = (code: string) => op(null, 'checkOrganisationAccessCode', { query: { code } });
const join = (user: string | null, payload: object) => op(user, 'joinOrganisation', { payload });
const startChallenge = (user: string | null) => op(user, 'startJoinEmailChallenge');
const regenerateNorth = (user: string) =>
  op(user, 'regenerateOrganisationAccessCode', { params: { organisation: 'org-tend-north' } });

/** The organisation's stored details, as they are before a test changes them. */
const detailsOf = async (organisation: string) =>
  (await rowsWhere(t.db, 'organisations', { id: organisation }))[0]!.details as object;
const setDetails = (organisation: string, details: object) =>
  t.db
    .updateTable('organisations')
    .set({ details: JSON.stringify(details) as never })
    .where('id', '=', organisation)
    .execute();
/** The roles the user holds. */
const rolesOf = async (userId: string) =>
  (await rowsWhere(t.db, 'user_roles', { user_id: userId })).map((r) => r.role);
/** How many access-code redemptions the organisation has counted. */
const redemptionsOf = async (organisation: string) =>
  (await rowsWhere(t.db, 'organisation_redemptions', { organisation_id: organisation })).length;

async function lastCode(address: string): Promise<string> {
  const catcher = t.mailer.catcher!;
  await catcher
    .waitFor((m) => m.to.includes(address.toLowerCase()), 60_000)
    .catch(() => {
      throw new Error(`no mail to ${address}`);
    });
  return /(\d{3}) (\d{3})/.exec(catcher.list(address).at(-1)!.text)!.slice(1).join('');
}

describe('checking an organisation access code (public)', () => {
  it('names the organisation of a usable code, ignoring case, spaces and hyphens', async () => {
    const { res, body } = await checkCode('tend-health');
    expect(res.statusCode).toBe(200);
    expect(body).toEqual({ valid: true, organisationName: 'Tend Health', termsUrl: null, privacyUrl: null });
    expect((await checkCode('TEND NORTH')).body).toEqual({
      valid: true,
      organisationName: 'Tend Health North',
      termsUrl: null,
      privacyUrl: null,
    });
  });

  it('answers valid: false for an unknown code and for a disabled organisation, revealing nothing else', async () => {
    expect((await checkCode('NOSUCHCODE')).body).toEqual(UNUSABLE);
    await setNorthEnabled(false);
    expect((await checkCode('TENDNORTH')).body).toEqual(UNUSABLE);
    await setNorthEnabled(true);
  });

  it('refuses a malformed code with 400', async () => {
    for (const code of ['', 'abc', 'TEND<HEALTH>', 'x'.repeat(40)]) {
      expect((await checkCode(code)).res.statusCode, code).toBe(400);
    }
  });
});

describe('the organisation’s own terms of use and privacy notice', () => {
  it('are named by the access-code check and the whitelist check, inherited by a child organisation', async () => {
    const details = {
      name: 'Tend Health',
      termsUrl: 'https://care.example/terms',
      privacyUrl: 'https://care.example/privacy',
    };
    const before = await detailsOf('org-tend-health');
    await setDetails('org-tend-health', { ...before, ...details });
    try {
      expect((await checkCode('TENDNORTH')).body).toEqual({
        valid: true,
        organisationName: 'Tend Health North',
        termsUrl: 'https://care.example/terms',
        privacyUrl: 'https://care.example/privacy',
      });
      expect(
        (await op(null, 'isEmailWhitelisted', { query: { email: 'kim@tend-health.example' } })).body,
      ).toEqual({
        whitelisted: true,
        organisationName: 'Tend Health',
        termsUrl: 'https://care.example/terms',
        privacyUrl: 'https://care.example/privacy',
      });
    } finally {
      await setDetails('org-tend-health', before);
    }
  });
});

describe('joining by access code', () => {
  it('needs a signed-in caller', async () => {
    expect((await join(null, { accessCode: 'TENDHEALTH' })).res.statusCode).toBe(401);
  });

  it('answers 404 invalid_access_code for an unknown code and 400 for a body of neither kind', async () => {
    const unknown = await join('byCode', { accessCode: 'NOSUCHCODE' });
    expect(unknown.res.statusCode).toBe(404);
    expect(unknown.body.code).toBe('invalid_access_code');
    for (const body of [
      {},
      { accessCode: 'TENDHEALTH', code: '123456' },
      { challengeId: 'x' },
      { accessCode: 12 },
    ]) {
      expect((await join('byCode', body)).res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('makes the caller a patient of the organisation with the patient role and one redemption; again answers 200', async () => {
    const before = await redemptionsOf('org-tend-north');
    const joined = await join('byCode', { accessCode: 'tend north' });
    expect(joined.res.statusCode).toBe(201);
    expect(joined.body).toMatchObject({
      organisationId: 'org-tend-north',
      organisationName: 'Tend Health North',
      patientId: 'new-by-code',
    });
    const patient = await t.db
      .selectFrom('patients')
      .selectAll()
      .where('id', '=', 'new-by-code')
      .executeTakeFirstOrThrow();
    expect(patient).toMatchObject({
      organisation_id: 'org-tend-north',
      email: 'robin@somewhere.example',
      first_name: 'New',
      last_name: 'Person',
    });
    expect(await rolesOf('new-by-code')).toEqual(['patient']);
    expect(await redemptionsOf('org-tend-north')).toBe(before + 1);

    // A welcome e-mail on the access-code path too, with the way into the patient app; once.
    const welcome = t.mailer.catcher!.list('robin@somewhere.example');
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.subject).toBe('Welcome to Tend: you have joined Tend Health North');
    expect(welcome[0]!.text).toContain(`Open Tend: ${t.config.patientAppUrl}/`);
    expect(welcome[0]!.text).toContain('not an emergency service');

    const again = await join('byCode', { accessCode: 'TENDNORTH' });
    expect(again.res.statusCode).toBe(200);
    expect(again.body.joinedAt).toBe(joined.body.joinedAt);
    const other = await join('byCode', { accessCode: 'TENDHEALTH' });
    expect(other.res.statusCode).toBe(409);
    expect(other.body.code).toBe('already_member');
    // A patient never moves themselves; the existing demo patient neither.
    expect((await join('patient', { accessCode: 'TENDNORTH' })).body.code).toBe('already_member');
  });

  it('refuses when the organisation has no redemptions left, without creating anything', async () => {
    const full = organisationRow('org-full', 'Full House', null, {
      subscription: { maxRedemptions: 0 },
      max_redemptions: 0,
    });
    await t.db
      .insertInto('organisations')
      .values({ ...full, access_code: 'FULLHOUSE1' })
      .execute();
    expect((await checkCode('FULLHOUSE1')).body.valid).toBe(false);
    const refused = await join('full', { accessCode: 'FULLHOUSE1' });
    expect(refused.res.statusCode).toBe(409);
    expect(refused.body.code).toBe('no_redemptions_left');
    expect(await rowsWhere(t.db, 'patients', { id: 'new-full' })).toEqual([]);
    expect(await rolesOf('new-full')).toEqual([]);
  });
});

describe('joining by a whitelisted e-mail address', () => {
  it('refuses an address no organisation whitelists (403 email_not_whitelisted), and an anonymous caller', async () => {
    const refused = await startChallenge('stranger');
    expect(refused.res.statusCode).toBe(403);
    expect(refused.body.code).toBe('email_not_whitelisted');
    expect(t.mailer.catcher!.list('sam@nowhere.example')).toEqual([]);
    expect((await startChallenge(null)).res.statusCode).toBe(401);
  });

  it('mails a code to the caller’s own address; a wrong code is 400 invalid_code; the right one joins', async () => {
    const started = await startChallenge('byEmail');
    expect(started.res.statusCode).toBe(201);
    expect(started.body).toMatchObject({ email: 'kim@tend-health.example', organisationName: 'Tend Health' });
    const code = await lastCode('kim@tend-health.example');
    const mail = t.mailer.catcher!.list('kim@tend-health.example').at(-1)!;
    expect(mail.subject).toMatch(/sign-up code/);
    expect(mail.text).toContain('join Tend Health');

    const wrong = await join('byEmail', {
      challengeId: started.body.challengeId,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.res.statusCode).toBe(400);
    expect(wrong.body.code).toBe('invalid_code');
    expect(wrong.body.details.attemptsLeft).toBeGreaterThan(0);
    // Another newcomer cannot use Kim's challenge.
    const stolen = await join('stranger', {
      challengeId: started.body.challengeId,
      code,
    });
    expect(stolen.res.statusCode).toBe(400);

    const joined = await join('byEmail', {
      challengeId: started.body.challengeId,
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(joined.res.statusCode).toBe(201);
    expect(joined.body).toMatchObject({
      organisationId: 'org-tend-health',
      organisationName: 'Tend Health',
      patientId: 'new-by-email',
    });
    expect(t.mailer.catcher!.list('kim@tend-health.example').at(-1)!.subject).toBe(
      'Welcome to Tend: you have joined Tend Health',
    );
    // The code is used up; a patient asking for another code is told they already belong.
    expect(
      (
        await join('byEmail', {
          challengeId: started.body.challengeId,
          code,
        })
      ).res.statusCode,
    ).toBe(400);
    const more = await startChallenge('byEmail');
    expect(more.res.statusCode).toBe(409);
    expect(more.body.code).toBe('already_member');
  });

  it('matches a parent domain of the address (lee@north.example.com → example.com)', async () => {
    const started = await startChallenge('bySubdomain');
    expect(started.res.statusCode).toBe(201);
    const joined = await join('bySubdomain', {
      challengeId: started.body.challengeId,
      code: await lastCode('lee@north.example.com'),
    });
    expect(joined.res.statusCode).toBe(201);
    expect(joined.body.organisationId).toBe('org-tend-health');
  });
});

describe('the organisation access code for its administrators', () => {
  it('is in the admin views, not in a patient’s view of their organisation', async () => {
    const merged = await op('admin', 'getOrganisationMerged', {
      params: { organisation: 'org-tend-health' },
    });
    expect(merged.body.accessCode).toBe('TENDHEALTH');
    const mine = await op('patient', 'getMyOrganisation');
    expect(mine.res.statusCode).toBe(200);
    expect(mine.body).not.toHaveProperty('accessCode');
  });

  it('is replaced by regenerate (the old one stops working); another organisation’s admin gets 404', async () => {
    const other = await regenerateNorth('otherAdmin');
    expect(other.res.statusCode).toBe(404);
    expect((await regenerateNorth('patient')).res.statusCode).toBe(403);
    const renewed = await regenerateNorth('admin');
    expect(renewed.res.statusCode).toBe(200);
    expect(renewed.body.accessCode).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    expect((await checkCode('TENDNORTH')).body.valid).toBe(false);
    expect((await checkCode(renewed.body.accessCode)).body.valid).toBe(true);
  });

  it('is given to a new organisation at creation', async () => {
    const created = await op('admin', 'createOrganisation', {
      query: { maxRedemptions: '5' },
      payload: {
        tubAdminOrganisationDetails: { name: 'Tend Health South', parentOrganisation: 'org-tend-health' },
      },
    });
    expect(created.res.statusCode).toBe(201);
    const view = await op('admin', 'getOrganisationUnmerged', { params: { organisation: created.body } });
    expect(view.body.accessCode).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
  });
});
