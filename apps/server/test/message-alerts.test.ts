import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../src/db/seed.ts';
import type { AuthUser } from '../src/http/types.ts';
import { TEST_USERS, callContract, createSeededTestApp, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createSeededTestApp();
});
afterAll(() => t.close());

const call = (operationId: string, options: InjectOptions) => callContract(t.app, operationId, options);
const admin = { 'x-test-user': 'admin' };

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

  describe(`message alerts ${version}`, () => {
    it('creates, reads, replaces and deletes an alert with ETags', async () => {
      const created = await call(op('createMessageAlert'), {
        method: 'POST',
        url: base,
        headers: admin,
        payload: message(),
      });
      expect(created.res.statusCode).toBe(201);
      const etag1 = created.res.headers.etag as string;
      expect(etag1).toMatch(/^".+"$/);
      expect(created.body).toMatchObject({ message: message(), etag: etag1 });
      const id = created.body.id as string;

      const read = await call(op('getMessageAlert'), { method: 'GET', url: `${base}/${id}`, headers: admin });
      expect(read.res.headers.etag).toBe(etag1);

      const replaced = await call(op('updateMessageAlert'), {
        method: 'PUT',
        url: `${base}/${id}`,
        headers: { ...admin, etag: etag1 },
        payload: message({ title: 'Maintenance moved', severity: 'info' }),
      });
      expect(replaced.res.statusCode).toBe(200);
      const etag2 = replaced.res.headers.etag as string;
      expect(etag2).not.toBe(etag1);
      expect(replaced.body.message.title).toBe('Maintenance moved');
      expect(Date.parse(replaced.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(replaced.body.createdAt));

      const removed = await call(op('deleteMessageAlert'), {
        method: 'DELETE',
        url: `${base}/${id}`,
        headers: { ...admin, etag: etag2 },
      });
      expect(removed.res.statusCode).toBe(204);
      expect(
        (await call(op('getMessageAlert'), { method: 'GET', url: `${base}/${id}`, headers: admin })).res
          .statusCode,
      ).toBe(404);
    });

    it('answers 412 with the current ETag and alert for a stale or missing ETag, and overwrites nothing', async () => {
      const created = await call(op('createMessageAlert'), {
        method: 'POST',
        url: base,
        headers: admin,
        payload: message({ title: 'First' }),
      });
      const id = created.body.id as string;
      const etag1 = created.res.headers.etag as string;
      // Someone else saves first.
      const other = await call(op('updateMessageAlert'), {
        method: 'PUT',
        url: `${base}/${id}`,
        headers: { ...admin, etag: etag1 },
        payload: message({ title: 'Theirs' }),
      });
      const current = other.res.headers.etag as string;

      const stale = await call(op('updateMessageAlert'), {
        method: 'PUT',
        url: `${base}/${id}`,
        headers: { ...admin, etag: etag1 },
        payload: message({ title: 'Mine' }),
      });
      expect(stale.res.statusCode).toBe(412);
      expect(stale.res.headers.etag).toBe(current);
      expect(stale.body).toMatchObject({
        code: 'etag_mismatch',
        details: { currentEtag: current, current: { id, message: { title: 'Theirs' } } },
      });

      const missing = await call(op('updateMessageAlert'), {
        method: 'PUT',
        url: `${base}/${id}`,
        headers: admin,
        payload: message({ title: 'Mine' }),
      });
      expect(missing.res.statusCode).toBe(412);
      expect(missing.body.code).toBe('etag_required');
      expect(missing.res.headers.etag).toBe(current);

      const staleDelete = await call(op('deleteMessageAlert'), {
        method: 'DELETE',
        url: `${base}/${id}`,
        headers: { ...admin, etag: etag1 },
      });
      expect(staleDelete.res.statusCode).toBe(412);
      const missingDelete = await call(op('deleteMessageAlert'), {
        method: 'DELETE',
        url: `${base}/${id}`,
        headers: admin,
      });
      expect(missingDelete.body.code).toBe('etag_required');

      const after = await call(op('getMessageAlert'), {
        method: 'GET',
        url: `${base}/${id}`,
        headers: admin,
      });
      expect(after.body.message.title).toBe('Theirs');
      expect(after.res.headers.etag).toBe(current);
    });

    it('accepts the ETag without quotes and as If-Match', async () => {
      const created = await call(op('createMessageAlert'), {
        method: 'POST',
        url: base,
        headers: admin,
        payload: message(),
      });
      const bare = (created.res.headers.etag as string).replace(/"/g, '');
      const updated = await call(op('updateMessageAlert'), {
        method: 'PUT',
        url: `${base}/${created.body.id}`,
        headers: { ...admin, etag: bare },
        payload: message({ title: 'Bare' }),
      });
      expect(updated.res.statusCode).toBe(200);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `${base}/${created.body.id}`,
        headers: { ...admin, 'if-match': updated.res.headers.etag as string },
      });
      expect(removed.statusCode).toBe(204);
    });

    it('keeps administrators to their own organisations', async () => {
      const created = await call(op('createMessageAlert'), {
        method: 'POST',
        url: base,
        headers: admin,
        payload: message({ title: 'Ours' }),
      });
      const other = { 'x-test-user': 'otherAdmin' };
      expect(
        (
          await call(op('getMessageAlert'), {
            method: 'GET',
            url: `${base}/${created.body.id}`,
            headers: other,
          })
        ).res.statusCode,
      ).toBe(404);
      const list = await call(op('listMessageAlerts'), { method: 'GET', url: base, headers: other });
      expect(list.body.items).toEqual([]);
      const foreign = await call(op('createMessageAlert'), {
        method: 'POST',
        url: base,
        headers: admin,
        payload: message({ organisationId: 'org-elsewhere' }),
      });
      expect(foreign.res.statusCode).toBe(403);
      const everyone = await call(op('createMessageAlert'), {
        method: 'POST',
        url: base,
        headers: admin,
        payload: message({ organisationId: null }),
      });
      expect(everyone.res.statusCode).toBe(403);
      for (const user of ['patient', 'therapist']) {
        const res = await call(op('listMessageAlerts'), {
          method: 'GET',
          url: base,
          headers: { 'x-test-user': user },
        });
        expect(res.res.statusCode).toBe(403);
      }
      expect((await call(op('listMessageAlerts'), { method: 'GET', url: base })).res.statusCode).toBe(401);
    });
  });
}

describe('message alert listings', () => {
  let platform: TestApp;
  beforeAll(async () => {
    // A platform administrator (role platform-admin, test user `platform`) may address every organisation and the public.
    platform = await createTestApp();
    await seedIfEmpty({ db: platform.db, config: platform.config });
    const post = (payload: Record<string, unknown>) =>
      platform.app.inject({
        method: 'POST',
        url: '/v2/message-alerts',
        headers: { 'x-test-user': 'platform' },
        payload: message(payload),
      });
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
    const all = await callContract(platform.app, 'listMessageAlertsForPublic', {
      method: 'POST',
      url: '/v2/message-alerts/action/list-messages-for-public',
    });
    expect(titles(all.body)).toEqual(['For everyone', 'New apps only', 'Public news']);
    const old = await callContract(platform.app, 'listMessageAlertsForPublic', {
      method: 'POST',
      url: '/v2/message-alerts/action/list-messages-for-public?version=1.4.2',
    });
    expect(titles(old.body)).toEqual(['For everyone', 'Public news']);
    const bad = await platform.app.inject({
      method: 'POST',
      url: '/v2/message-alerts/action/list-messages-for-public?version=latest',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lists the alerts of the signed-in user by audience and organisation', async () => {
    const patient = await callContract(platform.app, 'listMessageAlertsForUser', {
      method: 'POST',
      url: '/v2/message-alerts/action/list-messages-for-user',
      headers: { 'x-test-user': 'patient' },
    });
    expect(titles(patient.body)).toEqual(['For everyone', 'Patients of Tend Health']);
    const therapist = await callContract(platform.app, 'listMessageAlertsForUser', {
      method: 'POST',
      url: '/v2/message-alerts/action/list-messages-for-user',
      headers: { 'x-test-user': 'therapist' },
    });
    expect(titles(therapist.body)).toEqual(['For everyone', 'Therapists']);
    expect(
      (await platform.app.inject({ method: 'POST', url: '/v2/message-alerts/action/list-messages-for-user' }))
        .statusCode,
    ).toBe(401);
  });

  it('lists every alert for a platform administrator, newest first, v1 filtered by version', async () => {
    const v2 = await callContract(platform.app, 'listMessageAlertsV2', {
      method: 'GET',
      url: '/v2/message-alerts',
      headers: { 'x-test-user': 'platform' },
    });
    expect(v2.body.items).toHaveLength(8);
    expect(v2.body.items[0].message.title).toBe('New apps only');
    const v1 = await callContract(platform.app, 'listMessageAlerts', {
      method: 'GET',
      url: '/message-alerts?version=1.0',
      headers: { 'x-test-user': 'platform' },
    });
    expect(v1.body.items).toHaveLength(7);
    const orgAdmin = await callContract(platform.app, 'listMessageAlertsV2', {
      method: 'GET',
      url: '/v2/message-alerts',
      headers: { 'x-test-user': 'admin' },
    });
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
    callContract(app.app, 'createMessageAlertV2', {
      method: 'POST',
      url: '/v2/message-alerts',
      headers: { 'x-test-user': user },
      payload: message(payload),
    });
  const forUser = async (user: string) =>
    (
      await callContract(app.app, 'listMessageAlertsForUser', {
        method: 'POST',
        url: '/v2/message-alerts/action/list-messages-for-user',
        headers: { 'x-test-user': user },
      })
    ).body as {
      items: Array<{ message: { title: string } }>;
    };

  it('lets an administrator address the organisations below theirs, and reaches their people', async () => {
    expect(
      (
        await post('admin', {
          title: 'For North from the root',
          audience: 'patients',
          organisationId: 'org-tend-north',
        })
      ).res.statusCode,
    ).toBe(201);
    expect(
      (
        await post('admin', {
          title: 'For all of Tend Health',
          audience: 'patients',
          organisationId: 'org-tend-health',
        })
      ).res.statusCode,
    ).toBe(201);
    // The child's administrator cannot address the parent, nor see its alerts.
    expect(
      (await post('northAdmin', { title: 'Upwards', organisationId: 'org-tend-health' })).res.statusCode,
    ).toBe(403);
    const north = await callContract(app.app, 'listMessageAlertsV2', {
      method: 'GET',
      url: '/v2/message-alerts',
      headers: { 'x-test-user': 'northAdmin' },
    });
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
      (
        await post('admin', {
          title: 'Public from an org',
          audience: 'public',
          organisationId: 'org-tend-health',
        })
      ).res.statusCode,
    ).toBe(400);
    expect(
      (await post('admin', { title: 'Everyone', audience: 'everyone', organisationId: null })).res.statusCode,
    ).toBe(403);
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
    const shown = await callContract(app.app, 'listMessageAlertsForPublic', {
      method: 'POST',
      url: '/v2/message-alerts/action/list-messages-for-public',
    });
    expect(titles(shown.body)).toContain('Service notice');
    expect(titles(await forUser('northPatient'))).toContain('Service notice');
  });
});
