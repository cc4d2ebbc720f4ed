import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../src/db/seed.ts';
import type { AuthUser } from '../src/http/types.ts';
import { TEST_USERS, createSeededTestApp, createTestApp, type TestApp } from './helpers.ts';
import { fileTestApp } from './file-app.ts';
import { operate } from './operate.ts';

const { t, op: call } = fileTestApp(createSeededTestApp);

const message = (overrides: Record<string, unknown> = {}) => ({
  title: 'Planned maintenance',
  body: 'Tend will be unavailable on Sunday from 02:00 to 03:00.',
  severity: 'warning',
  audience: 'patients',
  organisationId: 'org-tend-health',
  ...overrides,
});

// contract-coverage: getMessageAlertV2 updateMessageAlertV2 deleteMessageAlertV2 (the v2 pass of this loop)
for (const [version, base] of [
  ['v1', '/message-alerts'],
  ['v2', '/v2/message-alerts'],
] as const) {
  const op = (name: string) => (version === 'v2' ? `${name}V2` : name);
  /** Creates an alert as the administrator of Tend Health. */
  const create = (overrides: Record<string, unknown> = {}) =>
    call('admin', op('createMessageAlert'), { payload: message(overrides) });
  /** Reads an alert as that user (the administrator of Tend Health unless named). */
  const read = (id: string, user = 'admin') => call(user, op('getMessageAlert'), { params: { id } });
  /** Replaces an alert as the administrator, sending that ETag (none: no ETag header). */
  const replace = (id: string, etag: string | undefined, overrides: Record<string, unknown>) =>
    call('admin', op('updateMessageAlert'), {
      params: { id },
      headers: etag === undefined ? {} : { etag },
      payload: message(overrides),
    });
  /** Deletes an alert as the administrator, sending that ETag (none: no ETag header). */
  const remove = (id: string, etag?: string) =>
    call('admin', op('deleteMessageAlert'), { params: { id }, headers: etag === undefined ? {} : { etag } });

  describe(`message alerts ${version}`, () => {
    it('creates, reads, replaces and deletes an alert with ETags', async () => {
      const created = await create();
      expect(created.res.statusCode).toBe(201);
      const etag1 = created.res.headers.etag as string;
      expect(etag1).toMatch(/^".+"$/);
      expect(created.body).toMatchObject({ message: message(), etag: etag1 });
      const id = created.body.id as string;

      expect((await read(id)).res.headers.etag).toBe(etag1);

      const replaced = await replace(id, etag1, { title: 'Maintenance moved', severity: 'info' });
      expect(replaced.res.statusCode).toBe(200);
      const etag2 = replaced.res.headers.etag as string;
      expect(etag2).not.toBe(etag1);
      expect(replaced.body.message.title).toBe('Maintenance moved');
      expect(Date.parse(replaced.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(replaced.body.createdAt));

      const removed = await remove(id, etag2);
      expect(removed.res.statusCode).toBe(204);
      expect((await read(id)).res.statusCode).toBe(404);
    });

    it('answers 412 with the current ETag and alert for a stale or missing ETag, and overwrites nothing', async () => {
      const created = await create({ title: 'First' });
      const id = created.body.id as string;
      const etag1 = created.res.headers.etag as string;
      // Someone else saves first.
      const other = await replace(id, etag1, { title: 'Theirs' });
      const current = other.res.headers.etag as string;

      const stale = await replace(id, etag1, { title: 'Mine' });
      expect(stale.res.statusCode).toBe(412);
      expect(stale.res.headers.etag).toBe(current);
      expect(stale.body).toMatchObject({
        code: 'etag_mismatch',
        details: { currentEtag: current, current: { id, message: { title: 'Theirs' } } },
      });

      const missing = await replace(id, undefined, { title: 'Mine' });
      expect(missing.res.statusCode).toBe(412);
      expect(missing.body.code).toBe('etag_required');
      expect(missing.res.headers.etag).toBe(current);

      const staleDelete = await remove(id, etag1);
      expect(staleDelete.res.statusCode).toBe(412);
      const missingDelete = await remove(id);
      expect(missingDelete.body.code).toBe('etag_required');

      const after = await read(id);
      expect(after.body.message.title).toBe('Theirs');
      expect(after.res.headers.etag).toBe(current);
    });

    it('accepts the ETag without quotes and as If-Match', async () => {
      const created = await create();
      const bare = (created.res.headers.etag as string).replace(/"/g, '');
      const updated = await replace(created.body.id, bare, { title: 'Bare' });
      expect(updated.res.statusCode).toBe(200);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `${base}/${created.body.id}`,
        headers: { 'x-test-user': 'admin', 'if-match': updated.res.headers.etag as string },
      });
      expect(removed.statusCode).toBe(204);
    });

    it('keeps administrators to their own organisations', async () => {
      const created = await create({ title: 'Ours' });
      expect((await read(created.body.id, 'otherAdmin')).res.statusCode).toBe(404);
      const list = await call('otherAdmin', op('listMessageAlerts'));
      expect(list.body.items).toEqual([]);
      const foreign = await create({ organisationId: 'org-elsewhere' });
      expect(foreign.res.statusCode).toBe(403);
      const everyone = await create({ organisationId: null });
      expect(everyone.res.statusCode).toBe(403);
      for (const user of ['patient', 'therapist']) {
        expect(await call.status(user, op('listMessageAlerts'))).toBe(403);
      }
      expect(await call.status(null, op('listMessageAlerts'))).toBe(401);
    });
  });
}

describe('message alert listings', () => {
  let platform: TestApp;
  let as: ReturnType<typeof operate>;
  beforeAll(async () => {
    // A platform administrator (role platform-admin, test user `platform`) may address every organisation and the public.
    platform = await createTestApp();
    as = operate(platform);
    await seedIfEmpty({ db: platform.db, config: platform.config });
    const post = (payload: Record<string, unknown>) =>
      as('platform', 'createMessageAlertV2', { payload: message(payload) });
    const day = 86_400_000;
    await post({ title: 'Public news', audience: 'public', organisationId: null });
    await post({ title: 'For everyone', audience: 'everyone', organisationId: null });
    await post({ title: 'Patients of Tend Health', audience: 'patients', organisationId: 'org-tend-health' });
    await post({ title: 'Patients of North', audience: 'patients', organisationId: 'org-tend-north' });
    await post({ title: 'Therapists', audience: 'therapists', organisationId: null });
    await post({
      title: 'Expired',
      audience: 'public',
      organisationId: null,
      endsAt: new Date(Date.now() - day).toISOString(),
    });
    await post({
      title: 'Future',
      audience: 'public',
      organisationId: null,
      startsAt: new Date(Date.now() + day).toISOString(),
    });
    await post({ title: 'New apps only', audience: 'public', organisationId: null, minVersion: '2.0' });
  });
  afterAll(() => platform.close());

  const titles = (body: { items: Array<{ message: { title: string } }> }) =>
    body.items.map((i) => i.message.title).sort();

  it('lists public alerts active now for the app version', async () => {
    const all = await as(null, 'listMessageAlertsForPublic');
    expect(titles(all.body)).toEqual(['For everyone', 'New apps only', 'Public news']);
    const old = await as(null, 'listMessageAlertsForPublic', { query: { version: '1.4.2' } });
    expect(titles(old.body)).toEqual(['For everyone', 'Public news']);
    const bad = await platform.app.inject({
      method: 'POST',
      url: '/v2/message-alerts/action/list-messages-for-public?version=latest',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lists the alerts of the signed-in user by audience and organisation', async () => {
    const patient = await as('patient', 'listMessageAlertsForUser');
    expect(titles(patient.body)).toEqual(['For everyone', 'Patients of Tend Health']);
    const therapist = await as('therapist', 'listMessageAlertsForUser');
    expect(titles(therapist.body)).toEqual(['For everyone', 'Therapists']);
    expect(
      (await platform.app.inject({ method: 'POST', url: '/v2/message-alerts/action/list-messages-for-user' }))
        .statusCode,
    ).toBe(401);
  });

  it('lists every alert for a platform administrator, newest first, v1 filtered by version', async () => {
    const v2 = await as('platform', 'listMessageAlertsV2');
    expect(v2.body.items).toHaveLength(8);
    expect(v2.body.items[0].message.title).toBe('New apps only');
    const v1 = await as('platform', 'listMessageAlerts', { query: { version: '1.0' } });
    expect(v1.body.items).toHaveLength(7);
    const orgAdmin = await as('admin', 'listMessageAlertsV2');
    expect(titles(orgAdmin.body)).toEqual(['Patients of North', 'Patients of Tend Health']);
  });
});

describe('message alerts for the organisations below, and alerts for the public site', () => {
  let app: TestApp;
  const USERS: Record<string, AuthUser> = {
    ...TEST_USERS,
    /** Administrator of the child organisation only. */
    northAdmin: {
      uid: 'admin-north',
      email: 'admin-north@example.com',
      scopes: ['org-admin'],
      roles: ['admin'],
      claims: { adminOf: ['org-tend-north'] },
    },
    /** A patient of the child organisation (demo patient-13). */
    northPatient: {
      uid: 'patient-13',
      email: 'patient13@example.com',
      scopes: ['patient'],
      roles: ['patient'],
    },
    /** An operator: an admin role tied to no organisation (user_roles), no claims. */
    operator: { uid: 'ops-2', email: 'ops2@example.com', scopes: ['org-admin'], roles: ['admin'] },
  };
  beforeAll(async () => {
    app = await createTestApp({
      resolveUser: async (request) => USERS[String(request.headers['x-test-user'])] ?? null,
    });
    await seedIfEmpty({ db: app.db, config: app.config });
    await app.db
      .insertInto('users')
      .values({
        id: 'ops-2',
        email: 'ops2@example.com',
        first_name: 'Ops',
        last_name: 'Two',
        screen_name: null,
        language: 'en',
        updated_at: Date.now(),
      })
      .execute();
    await app.db
      .insertInto('user_roles')
      .values({ user_id: 'ops-2', role: 'admin', organisation_id: null })
      .execute();
  });
  afterAll(() => app.close());
  const titles = (body: { items: Array<{ message: { title: string } }> }) =>
    body.items.map((i) => i.message.title).sort();
  const post = (user: string, payload: Record<string, unknown>) =>
    operate(app)(user, 'createMessageAlertV2', { payload: message(payload) });
  /** The status of creating an alert as that user (201, or the refusal). */
  const postStatus = (user: string, payload: Record<string, unknown>) =>
    operate(app).status(user, 'createMessageAlertV2', { payload: message(payload) });
  const forUser = async (user: string) =>
    (await operate(app)(user, 'listMessageAlertsForUser')).body as {
      items: Array<{ message: { title: string } }>;
    };

  it('lets an administrator address the organisations below theirs, and reaches their people', async () => {
    for (const [title, organisationId] of [
      ['For North from the root', 'org-tend-north'],
      ['For all of Tend Health', 'org-tend-health'],
    ]) {
      expect(await postStatus('admin', { title, audience: 'patients', organisationId }), title).toBe(201);
    }
    // The child's administrator cannot address the parent, nor see its alerts.
    expect(await postStatus('northAdmin', { title: 'Upwards', organisationId: 'org-tend-health' })).toBe(403);
    const north = await operate(app)('northAdmin', 'listMessageAlertsV2');
    expect(titles(north.body)).toEqual(['For North from the root']);
    // A patient of the child sees the alerts for it and for the organisation above it.
    expect(titles(await forUser('northPatient'))).toEqual([
      'For North from the root',
      'For all of Tend Health',
    ]);
    expect(titles(await forUser('patient'))).toEqual(['For all of Tend Health']);
  });

  it('keeps alerts for the public site to platform administrators, and checks the period', async () => {
    expect(
      await postStatus('admin', {
        title: 'Public from an org',
        audience: 'public',
        organisationId: 'org-tend-health',
      }),
    ).toBe(400);
    expect(await postStatus('admin', { title: 'Everyone', audience: 'everyone', organisationId: null })).toBe(
      403,
    );
    const made = await post('operator', {
      title: 'Service notice',
      audience: 'everyone',
      organisationId: null,
    });
    expect(made.res.statusCode).toBe(201);
    const backwards = await post('admin', {
      title: 'Backwards',
      startsAt: '2030-01-02T00:00:00Z',
      endsAt: '2030-01-01T00:00:00Z',
    });
    expect(backwards.res.statusCode).toBe(400);
    expect(backwards.body.details.fields).toEqual({ endsAt: 'is less than startsAt' });
    const shown = await operate(app)(null, 'listMessageAlertsForPublic');
    expect(titles(shown.body)).toContain('Service notice');
    expect(titles(await forUser('northPatient'))).toContain('Service notice');
  });
});
