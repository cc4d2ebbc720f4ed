// Safe first boot: several instances starting at once over one empty PostgreSQL database all come up
// (migrations and seeding under one advisory lock: src/db/boot.ts); the shared-settings check of
// src/deployment.ts runs there too.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../src/config.ts';
import { bootDatabase, withBootLock } from '../src/db/boot.ts';
import { SharedSettingsError } from '../src/deployment.ts';
import type { Db } from '../src/db/index.ts';
import { createTestDb, withSchemaLock } from './helpers.ts';

const url = process.env.DATABASE_URL;

// Booting migrates a schema of its own and the end drops it: under the test schemas' lock, as createTestDb
// does, so that no other test file's schema vanishes while the migrator reads every schema's tables.
const boot = (options: Parameters<typeof bootDatabase>[0]) =>
  withSchemaLock(url!, 'shared', () => bootDatabase(options));
const dropSchema = (schema: string) =>
  withSchemaLock(url!, 'exclusive', (client) => client.query(`drop schema if exists ${schema} cascade`));

async function counts(db: Db) {
  const one = async (table: 'organisations' | 'patients') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { organisations: await one('organisations'), patients: await one('patients') };
}

describe('first boot', () => {
  it.skipIf(!url)(
    'six instances starting at once on an empty PostgreSQL database all come up, seeded once (runs in npm run test:pg)',
    async () => {
      const schema = `boot_${randomBytes(5).toString('hex')}`;
      const config = testConfig({ databaseUrl: url, seedOnStart: true, dbPoolSize: 3 });
      const dbs: Db[] = [];
      try {
        const started = await Promise.allSettled(Array.from({ length: 6 }, () => boot({ config, schema })));
        for (const s of started) if (s.status === 'fulfilled') dbs.push(s.value);
        expect(
          started
            .filter((s) => s.status === 'rejected')
            .map((s) => String((s as PromiseRejectedResult).reason)),
        ).toEqual([]);
        const seen = await Promise.all(dbs.map(counts));
        expect(seen[0]!.organisations).toBeGreaterThan(0);
        for (const c of seen) expect(c).toEqual(seen[0]);
        // And again, over the now migrated and seeded database: nothing to do, nobody fails.
        const again = await boot({ config, schema });
        dbs.push(again);
        expect(await counts(again)).toEqual(seen[0]);
      } finally {
        for (const db of dbs) await db.destroy();
        await dropSchema(schema);
      }
    },
    120_000,
  );

  it.skipIf(!url)(
    'a production instance whose shared settings differ from the recorded ones is refused, naming them (runs in npm run test:pg)',
    async () => {
      const schema = `boot_${randomBytes(5).toString('hex')}`;
      const production = (secret: string, replace = false) =>
        testConfig({
          databaseUrl: url,
          env: 'production',
          isProduction: true,
          seedOnStart: false,
          secret,
          replaceSharedSettings: replace,
        });
      const dbs: Db[] = [];
      try {
        dbs.push(await boot({ config: production('s'.repeat(40)), schema }));
        dbs.push(await boot({ config: production('s'.repeat(40)), schema }));
        const refused = await boot({ config: production('t'.repeat(40)), schema }).catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(SharedSettingsError);
        expect((refused as SharedSettingsError).differing).toEqual(['TEND_SECRET']);
        expect((refused as Error).message).not.toContain('t'.repeat(40));
        // Changing the secret for the whole deployment: the first new instance records it.
        dbs.push(await boot({ config: production('t'.repeat(40), true), schema }));
        dbs.push(await boot({ config: production('t'.repeat(40)), schema }));
      } finally {
        for (const db of dbs) await db.destroy();
        await dropSchema(schema);
      }
    },
    60_000,
  );

  it('on PGlite (one process: nobody to wait for) runs the boot without a lock, and passes its answer and errors on', async () => {
    const t = await createTestDb();
    try {
      expect(await withBootLock(t.db, async () => 42)).toBe(42);
      await expect(withBootLock(t.db, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
      expect(await withBootLock(t.db, async () => 'again')).toBe('again');
    } finally {
      await t.close();
    }
  });
});
