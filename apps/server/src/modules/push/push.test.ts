import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { careTestApp, as } from '../patients/care-test-app.ts';

const care = careTestApp();
const { op } = care;
let t: TestApp;
beforeAll(() => ({ t } = care));

const register = (token: string, user: string | null) => op(user, 'registerPushToken', { params: { token } });
const unregister = (token: string, user: string | null) =>
  op(user, 'unregisterPushToken', { params: { token } });
const status = (user: string | null) => op(user, 'getPushStatus');
const setStatus = (user: string | null, payload: object) => op(user, 'setPushStatus', { payload });
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
    const unset = await status('patient');
    expect(unset.body).toEqual({ enabled: false });
    const off = await setStatus('patient', { enabled: false });
    expect(off.body).toEqual({ enabled: false });
    const on = await setStatus('patient', { enabled: true });
    expect(on.body).toEqual({ enabled: true });
    const rows = await t.db
      .selectFrom('push_settings')
      .selectAll()
      .where('user_id', '=', 'patient-01')
      .execute();
    expect(rows.map((r) => r.enabled)).toEqual([true]);
  });

  it('reads back what was set, per user', async () => {
    await setStatus('patient', { enabled: true });
    expect((await status('patient')).body).toEqual({ enabled: true });
    expect((await status('therapist')).body).toEqual({ enabled: false });
    expect((await status(null)).res.statusCode).toBe(401);
  });

  it('refuses anonymous callers (401) and bad input (400)', async () => {
    expect((await register('x', null)).res.statusCode).toBe(401);
    expect((await unregister('x', null)).res.statusCode).toBe(401);
    expect((await setStatus(null, { enabled: true })).res.statusCode).toBe(401);
    expect((await setStatus('patient', { enabled: 'on' })).res.statusCode).toBe(400);
    expect((await setStatus('patient', {})).res.statusCode).toBe(400);
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
