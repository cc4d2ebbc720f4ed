// users-data against a real Auth emulator: the Firebase account is created with the Tend records (and a
// password-reset mail when no password is given) and deleted with them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firebaseAuth } from '../../auth/firebase.ts';
import { startAuthEmulator } from '../../../test/identity/auth-emulator.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { operate } from '../../../test/operate.ts';
import { createAdminTestApp } from '../organisations/test-support.ts';

let t: TestApp;
let op: ReturnType<typeof operate>;
beforeAll(async () => {
  const emulator = await startAuthEmulator();
  t = await createAdminTestApp({ config: { authEmulatorHost: emulator.host } });
  op = operate(t);
}, 180_000);
afterAll(() => t?.close());

describe('users data with Firebase', () => {
  it('creates the Firebase account (reset mail without a password) and erases it with the user', async () => {
    const email = `created-${Date.now()}@example.com`;
    const res = await op('dataExport', 'createUserData', {
      payload: {
        email,
        firstName: 'Robin',
        lastName: 'Created',
        scopes: ['therapist'],
        organisationId: 'org-tend-health',
      },
    });
    expect(res.res.statusCode).toBe(201);
    const auth = firebaseAuth(t.config);
    const account = await auth.getUser(res.body.userId);
    expect(account).toMatchObject({ email, displayName: 'Robin Created' });
    const mail = await t.mailer.catcher!.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe('Welcome to Tend: choose your password');
    expect(mail.text).toMatch(/https?:\/\/\S+/);
    expect(
      await t.db.selectFrom('therapists').select('id').where('id', '=', res.body.userId).executeTakeFirst(),
    ).toBeDefined();

    const again = await op('dataExport', 'createUserData', {
      payload: {
        email,
        firstName: 'R',
        lastName: 'C',
        scopes: ['patient'],
        organisationId: 'org-tend-health',
      },
    });
    expect(again.res.statusCode).toBe(409);

    expect(
      (await op('dataExport', 'deleteUserData', { query: { userId: res.body.userId } })).res.statusCode,
    ).toBe(204);
    await expect(auth.getUser(res.body.userId)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect(
      await t.db.selectFrom('users').select('id').where('id', '=', res.body.userId).executeTakeFirst(),
    ).toBeUndefined();
  });
});
