import { describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../src/config.ts';
import { compareSharedSettings, requiredProblems, settingDigests } from '../src/deployment.ts';
import { createTestDb } from './helpers.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  TEND_SECRET: 'x'.repeat(40),
  SMTP_HOST: 'smtp.example.com',
  DATABASE_URL: 'postgres://tend@db.internal/tend',
  TEND_PUBLIC_URL: 'https://tend.example',
  TEND_API_URL: 'https://api.tend.example',
  TEND_PATIENT_APP_URL: 'https://app.tend.example',
  TEND_PORTAL_ORIGINS: 'https://app.tend.example,https://care.tend.example,https://admin.tend.example',
  TEND_TRUST_PROXY: '1',
  GCLOUD_PROJECT: 'tend-production',
};

describe('the startup check of a deployment', () => {
  it('accepts a complete production environment, and asks nothing outside production', () => {
    expect(requiredProblems(PRODUCTION)).toEqual([]);
    expect(requiredProblems({})).toEqual([]);
    expect(requiredProblems({ NODE_ENV: 'development' })).toEqual([]);
  });

  it('refuses production without what every instance must share, naming each variable', () => {
    for (const name of [
      'DATABASE_URL',
      'TEND_PUBLIC_URL',
      'TEND_API_URL',
      'TEND_PATIENT_APP_URL',
      'TEND_PORTAL_ORIGINS',
      'TEND_TRUST_PROXY',
      'GCLOUD_PROJECT',
    ]) {
      const problems = requiredProblems({ ...PRODUCTION, [name]: '' });
      expect(problems, name).toHaveLength(1);
      expect(problems[0]).toMatch(new RegExp(`^${name}:`));
    }
    expect(requiredProblems({ ...PRODUCTION, GCLOUD_PROJECT: 'demo-tend' })[0]).toMatch(/^GCLOUD_PROJECT/);
    expect(requiredProblems({ ...PRODUCTION, TEND_TRUST_PROXY: 'false' })).toEqual([]);
    // TEND_SECRET and SMTP_HOST: the configuration itself refuses production without them.
    expect(() => loadConfig({ ...PRODUCTION, TEND_SECRET: '' })).toThrow(/TEND_SECRET/);
  });

  it('reads the pool size per instance (TEND_DB_POOL_SIZE, at least 2, default 10)', () => {
    expect(loadConfig({}).dbPoolSize).toBe(10);
    expect(loadConfig({ TEND_DB_POOL_SIZE: '4' }).dbPoolSize).toBe(4);
    expect(() => loadConfig({ TEND_DB_POOL_SIZE: '1' })).toThrow(/TEND_DB_POOL_SIZE/);
  });

  it('records the shared settings as digests, and names those an instance does not share', async () => {
    const t = await createTestDb();
    try {
      const config = testConfig({ secret: 'a'.repeat(40) });
      expect(await compareSharedSettings(t.db, config)).toEqual([]);
      expect(await compareSharedSettings(t.db, config)).toEqual([]);
      const stored = JSON.stringify(
        (
          await t.db
            .selectFrom('settings')
            .select('value')
            .where('key', '=', 'deployment.shared-settings')
            .executeTakeFirstOrThrow()
        ).value,
      );
      expect(stored).not.toContain('a'.repeat(40));
      expect(Object.keys(settingDigests(config))).toContain('TEND_MAINTENANCE_AT');
      const other = testConfig({
        secret: 'b'.repeat(40),
        maintenance: { at: 1_900_000_000_000, reason: 'Upgrade' },
      });
      expect(await compareSharedSettings(t.db, other)).toEqual([
        'TEND_MAINTENANCE_AT',
        'TEND_MAINTENANCE_REASON',
        'TEND_SECRET',
      ]);
      expect(await compareSharedSettings(t.db, other, { replace: true })).toEqual([]);
      expect(await compareSharedSettings(t.db, other)).toEqual([]);
      expect(await compareSharedSettings(t.db, config)).toHaveLength(3);
    } finally {
      await t.close();
    }
  });
});
