import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import { DEMO } from '../db/seed-data.ts';
import { seedCore } from '../db/seed-demo/index.ts';
import { createTestDb, type TestDb } from '../../test/helpers.ts';
import { demoPeople, seedIdentityRows } from './demo.ts';
import { seedIdentity } from './index.ts';
import { listTotpSecrets, mfaOptions } from './mfa/service.ts';
import { unseal } from './crypto.ts';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
  await seedCore(testDb.db);
}, 120_000);
afterAll(async () => testDb?.close());

describe('demo identities', () => {
  it('are never seeded in production', async () => {
    const config = { ...testConfig(), env: 'production' as const, isProduction: true };
    await seedIdentity({ db: testDb.db, config, demo: DEMO });
    expect(await testDb.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('seed users, roles and second factors once, however often they run', async () => {
    const config = testConfig();
    await seedIdentityRows(testDb.db, config, DEMO);
    await seedIdentityRows(testDb.db, config, DEMO);
    const people = demoPeople(DEMO);
    expect(await testDb.db.selectFrom('users').select('id').execute()).toHaveLength(people.length);
    expect(await testDb.db.selectFrom('user_roles').select('user_id').execute()).toHaveLength(people.length);
    const deps = { db: testDb.db, secret: config.secret, now: () => Date.now() };

    for (const id of ['therapist-1', 'admin-1']) {
      const secrets = await listTotpSecrets(deps, id);
      expect(secrets).toHaveLength(1);
      const row = await testDb.db
        .selectFrom('mfa_totp_secrets')
        .select('secret_enc')
        .where('user_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(unseal(config.secret, 'totp-secret', row.secret_enc)).toBe('JBSWY3DPEHPK3PXP');
    }
    expect(await mfaOptions(deps, 'patient-02')).toEqual([
      { type: 'email', id: 'email', label: 'm*****@example.com', default: true },
    ]);
    expect(await mfaOptions(deps, 'patient-01')).toEqual([]);
    const roleOf = (userId: string) =>
      testDb.db.selectFrom('user_roles').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(await roleOf('admin-1')).toMatchObject({ role: 'admin', organisation_id: 'org-tend-health' });
    expect(await roleOf('admin-north')).toMatchObject({ role: 'admin', organisation_id: 'org-tend-north' });
    // The operator's role is tied to no organisation (a platform administrator).
    expect(await roleOf('platform-1')).toMatchObject({ role: 'admin', organisation_id: null });
    const client = await testDb.db.selectFrom('openid_clients').selectAll().executeTakeFirstOrThrow();
    expect(client).toMatchObject({
      id: 'demo',
      client_id: 'tend-demo',
      issuer: 'http://localhost:8080/oidc',
      enabled: true,
    });
  });
});
