import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { as, caller, createCareTestApp } from '../patients/care-test-app.ts';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createCareTestApp();
  call = caller(t);
});
afterAll(() => t.close());

const register = (token: string, user: string | null) =>
  call('registerPushToken', {
    method: 'POST',
    url: `/push-notifications/register/${encodeURIComponent(token)}`,
    headers: as(user),
  });
const unregister = (token: string, user: string | null) =>
  call('unregisterPushToken', {
    method: 'DELETE',
    url: `/push-notifications/unregister/${encodeURIComponent(token)}`,
    headers: as(user),
  });
const owner = async (token: string) =>
  (await t.db.selectFrom('push_tokens').select('user_id').where('token', '=', token).executeTakeFirst())
    ?.user_id;

describe('push notifications', () => {
  it('registers a token idempotently for any signed-in user; a token moves to its latest user', async () => {
    const token = 'fcm:APA91b-device-token/with+chars=';
    expect((await register(token, 'patient')).res.statusCode).toBe(204);
    expect((await register(token, 'patient')).res.statusCode).toBe(204);
    expect(await owner(token)).toBe('patient-01');
    expect((await register(token, 'therapist')).res.statusCode).toBe(204);
    expect(await owner(token)).toBe('therapist-1');
    expect((await register('bare-token', 'bare')).res.statusCode).toBe(204);
  });

  it('unregisters only the caller’s own token, idempotently', async () => {
    await register('t-1', 'patient');
    expect((await unregister('t-1', 'patient2')).res.statusCode).toBe(204);
    expect(await owner('t-1')).toBe('patient-01');
    expect((await unregister('t-1', 'patient')).res.statusCode).toBe(204);
    expect(await owner('t-1')).toBeUndefined();
    expect((await unregister('t-1', 'patient')).res.statusCode).toBe(204);
  });

  it('keeps the on/off setting', async () => {
    const unset = await call('getPushStatus', {
      method: 'GET',
      url: '/push-notifications/status',
      headers: as('patient'),
    });
    expect(unset.body).toEqual({ enabled: false });
    const off = await call('setPushStatus', {
      method: 'POST',
      url: '/push-notifications/status',
      headers: as('patient'),
      payload: { enabled: false },
    });
    expect(off.body).toEqual({ enabled: false });
    const on = await call('setPushStatus', {
      method: 'POST',
      url: '/push-notifications/status',
      headers: as('patient'),
      payload: { enabled: true },
    });
    expect(on.body).toEqual({ enabled: true });
    const rows = await t.db
      .selectFrom('push_settings')
      .selectAll()
      .where('user_id', '=', 'patient-01')
      .execute();
    expect(rows.map((r) => r.enabled)).toEqual([true]);
  });

  it('reads back what was set, per user', async () => {
    await call('setPushStatus', {
      method: 'POST',
      url: '/push-notifications/status',
      headers: as('patient'),
      payload: { enabled: true },
    });
    expect(
      (
        await call('getPushStatus', {
          method: 'GET',
          url: '/push-notifications/status',
          headers: as('patient'),
        })
      ).body,
    ).toEqual({ enabled: true });
    expect(
      (
        await call('getPushStatus', {
          method: 'GET',
          url: '/push-notifications/status',
          headers: as('therapist'),
        })
      ).body,
    ).toEqual({ enabled: false });
    expect(
      (await call('getPushStatus', { method: 'GET', url: '/push-notifications/status', headers: as(null) }))
        .res.statusCode,
    ).toBe(401);
  });

  it('refuses anonymous callers (401) and bad input (400)', async () => {
    expect((await register('x', null)).res.statusCode).toBe(401);
    expect((await unregister('x', null)).res.statusCode).toBe(401);
    expect(
      (
        await call('setPushStatus', {
          method: 'POST',
          url: '/push-notifications/status',
          headers: as(null),
          payload: { enabled: true },
        })
      ).res.statusCode,
    ).toBe(401);
    expect(
      (
        await call('setPushStatus', {
          method: 'POST',
          url: '/push-notifications/status',
          headers: as('patient'),
          payload: { enabled: 'on' },
        })
      ).res.statusCode,
    ).toBe(400);
    expect(
      (
        await call('setPushStatus', {
          method: 'POST',
          url: '/push-notifications/status',
          headers: as('patient'),
          payload: {},
        })
      ).res.statusCode,
    ).toBe(400);
    // Path parameters longer than the router's 2000 characters are refused before the handler (414).
    const long = await t.app.inject({
      method: 'POST',
      url: `/push-notifications/register/${'x'.repeat(4097)}`,
      headers: as('patient'),
    });
    expect(long.statusCode).toBe(414);
    expect(
      await t.db
        .selectFrom('push_tokens')
        .select('token')
        .where('token', '=', 'x'.repeat(4097))
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});
