// The calls the admin console added: the top of the admin's tree, a new organisation's first
// administrator, who holds which scope in an organisation, and platform administrators by role row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { operate } from '../../../test/operate.ts';
import { as, caller, createAdminTestApp, expectTwoPages, insertUsers } from './test-support.ts';
import { rowsWhere } from '../../../test/helpers.ts';

let t: TestApp;
let call: ReturnType<typeof caller>;
let op: ReturnType<typeof operate>;

beforeAll(async () => {
  t = await createAdminTestApp();
  call = caller(t);
  op = operate(t);
  await insertUsers(t.db, [
    ['admin-1', 'admin@example.com', 'Riley', 'Adams'],
    ['admin-north', 'north-admin@example.com', 'Casey', 'Quinn'],
    ['therapist-3', 'therapist-3@example.com', 'Jonas', 'Therapist'],
    ['therapist-1', 'therapist-1@example.com', 'Alex', 'Therapist'],
    ['patient-01', 'patient-01@example.com', 'Sam', 'Patient'],
    ['ops-1', 'ops-1@example.com', 'Morgan', 'Reid'],
  ]);
  await t.db
    .insertInto('user_roles')
    .values([
      { user_id: 'admin-1', role: 'admin', organisation_id: 'org-tend-health' },
      { user_id: 'admin-north', role: 'admin', organisation_id: 'org-tend-north' },
      { user_id: 'therapist-3', role: 'therapist', organisation_id: null },
      { user_id: 'therapist-1', role: 'therapist', organisation_id: null },
      { user_id: 'patient-01', role: 'patient', organisation_id: null },
    ])
    .execute();
});
afterAll(() => t.close());

const ids = (body: { items: Array<{ id: string }> }) => body.items.map((o) => o.id);
const create = (payload: object, maxRedemptions = 10) =>
  op('admin', 'createOrganisation', { query: { maxRedemptions: String(maxRedemptions) }, payload });
const roles = (organisation: string, who = 'admin', query = '') =>
  call('listOrganisationRoles', {
    method: 'GET',
    url: `/organisation/${organisation}/roles${query}`,
    headers: as(who),
  });

describe('the top of the admin’s tree', () => {
  it('lists only the organisations whose parent the admin does not administer', async () => {
    const admin = await op('admin', 'listOrganisations', { query: { topLevel: 'true' } });
    expect(ids(admin.body)).toEqual(['org-tend-health']);
    expect(admin.body.items[0].childCount).toBeGreaterThanOrEqual(1);
    const north = await op('northAdmin', 'listOrganisations', { query: { topLevel: 'true' } });
    expect(ids(north.body)).toEqual(['org-tend-north']);
    const platform = await op('platform', 'listOrganisations', { query: { topLevel: 'true' } });
    expect(ids(platform.body)).toEqual(['org-elsewhere', 'org-tend-health']);
    // With a parent, the parent decides.
    const children = await op('admin', 'listOrganisations', {
      query: { topLevel: 'true', parentOrganisation: 'org-tend-health' },
    });
    expect(ids(children.body)).toContain('org-tend-north');
  });
});

describe('a new organisation’s first administrator', () => {
  it('creates the account of a new address and makes it the administrator (scope org-admin for it)', async () => {
    const made = await create({
      tubAdminOrganisationDetails: { name: 'Tend Health East', parentOrganisation: 'org-tend-health' },
      firstAdmin: { email: 'Dana.Lee@Tend-East.example', firstName: ' Dana ', lastName: 'Lee' },
    });
    expect(made.res.statusCode).toBe(201);
    const id = made.res.body;
    const account = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'dana.lee@tend-east.example')
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ first_name: 'Dana', last_name: 'Lee' });
    const role = await t.db
      .selectFrom('user_roles')
      .selectAll()
      .where('user_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(role).toMatchObject({ role: 'admin', organisation_id: id });
    const held = await roles(id);
    expect(held.body.items.find((h: { userId: string }) => h.userId === account.id)).toMatchObject({
      scopes: ['org-admin'],
      via: id,
      viaName: 'Tend Health East',
    });
    // The creator administers it through the parent.
    expect(held.body.items.find((h: { userId: string }) => h.userId === 'admin-1')).toMatchObject({
      scopes: ['org-admin'],
      via: 'org-tend-health',
    });
  });

  it('gives an existing staff account the role and tells them by mail', async () => {
    const made = await create({
      tubAdminOrganisationDetails: { name: 'Tend Health West', parentOrganisation: 'org-tend-health' },
      firstAdmin: { email: 'therapist-1@example.com', firstName: 'Alex', lastName: 'Therapist' },
    });
    expect(made.res.statusCode).toBe(201);
    const role = await t.db
      .selectFrom('user_roles')
      .selectAll()
      .where('user_id', '=', 'therapist-1')
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(role.organisation_id).toBe(made.res.body);
    const mail = await t.mailer.catcher!.waitFor((m) => m.to.includes('therapist-1@example.com'));
    expect(mail.subject).toBe('You administer Tend Health West on Tend');
  });

  it('refuses a patient’s address and then creates nothing', async () => {
    const before = await t.db.selectFrom('organisations').select('id').execute();
    for (const email of ['patient-01@example.com', 'PATIENT-13@example.com']) {
      const refused = await create({
        tubAdminOrganisationDetails: { name: `Refused ${email}`, parentOrganisation: 'org-tend-health' },
        firstAdmin: { email, firstName: 'Sam', lastName: 'Patient' },
      });
      expect(refused.res.statusCode).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'email_in_use',
        details: { fields: { 'firstAdmin.email': 'belongs to a patient' } },
      });
    }
    const blank = await create({
      tubAdminOrganisationDetails: { name: 'Blank admin', parentOrganisation: 'org-tend-health' },
      firstAdmin: { email: 'a@b.example', firstName: ' ', lastName: 'X' },
    });
    expect(blank.res.statusCode).toBe(400);
    expect(await t.db.selectFrom('organisations').select('id').execute()).toHaveLength(before.length);
  });

  it('keeps the rest of the creation rules with a first administrator (a taken name creates no account)', async () => {
    const taken = await create({
      tubAdminOrganisationDetails: { name: 'tend health north', parentOrganisation: 'org-tend-health' },
      firstAdmin: { email: 'someone.new@example.com', firstName: 'Someone', lastName: 'New' },
    });
    expect(taken.res.statusCode).toBe(409);
    expect(taken.body.code).toBe('organisation_name_in_use');
    expect(await rowsWhere(t.db, 'users', { email: 'someone.new@example.com' })).toEqual([]);
  });
});

describe('who holds which scope in an organisation', () => {
  it('lists its administrators (with those above it), its therapists and its number of patients', async () => {
    const { res, body } = await roles('org-tend-north');
    expect(res.statusCode).toBe(200);
    expect(body.patients).toBe(1);
    expect(
      body.items.map((h: { userId: string; scopes: string[]; via: string }) => [h.userId, h.scopes, h.via]),
    ).toEqual([
      ['admin-1', ['org-admin'], 'org-tend-health'],
      ['admin-north', ['org-admin'], 'org-tend-north'],
      ['therapist-3', ['therapist', 'lead-therapist'], 'org-tend-north'],
    ]);
    expect(body.lastPage).toBeNull();
  });

  it('pages by name, and is only for the organisation’s administrators', async () => {
    await expectTwoPages((query) => roles('org-tend-north', 'admin', query), 'userId', ['therapist-3'], 'x');
    expect((await roles('org-tend-health', 'northAdmin')).res.statusCode).toBe(404);
    expect((await roles('org-tend-health', 'otherAdmin')).res.statusCode).toBe(404);
    expect((await roles('org-tend-health', 'therapist')).res.statusCode).toBe(403);
  });
});

describe('platform administrators', () => {
  it('are the administrators whose role is tied to no organisation: every organisation', async () => {
    const ops = { uid: 'ops-1', email: 'ops-1@example.com', scopes: ['org-admin'], roles: ['admin'] };
    await t.db
      .insertInto('user_roles')
      .values({ user_id: 'ops-1', role: 'admin', organisation_id: null })
      .execute();
    const { adminScope } = await import('./access.ts');
    const scope = await adminScope(t.db, ops);
    expect(scope.platform).toBe(true);
    expect(scope.ids.has('org-elsewhere') && scope.ids.has('org-tend-north')).toBe(true);
    expect(scope.roots).toEqual(['org-elsewhere', 'org-tend-health']);
    // The same role tied to an organisation is that organisation only.
    const admin = await adminScope(t.db, {
      uid: 'admin-north',
      email: 'north-admin@example.com',
      scopes: ['org-admin'],
      roles: ['admin'],
    });
    expect(admin).toMatchObject({ platform: false, roots: ['org-tend-north'] });
  });
});
