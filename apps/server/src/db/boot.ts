// First boot of a server instance over its database: migrations, then the demo data when the database is
// empty (and asked for), all under ONE PostgreSQL advisory lock. Any number of instances may start at once
// over an empty database: the first to take the lock migrates and seeds, the others wait for it and then
// find the database migrated and not empty, so they do neither. (Kysely's migrator takes a lock of its own,
// but the seed's "is it empty? then seed" is a check-then-act that two instances would both pass.)
//
// The lock is a session lock held by one connection of the pool for the whole boot, so the pool needs at
// least two connections (TEND_DB_POOL_SIZE ≥ 2, checked by the configuration). On PGlite (one process, one
// connection) there is nobody to wait for and no lock is taken.
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import { compareSharedSettings, SharedSettingsError } from '../deployment.ts';
import type { IdentityHooks } from '../http/types.ts';
import { createDb, dbKind, migrateToLatest, type Db } from './index.ts';
import { seedIfEmpty } from './seed.ts';

/** The advisory lock key of the boot (any fixed number no other code uses; test schemas use 7720531). */
export const BOOT_LOCK = 7_720_532;

/** Runs fn while holding the boot lock (on PostgreSQL), released even when fn throws. */
export async function withBootLock<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  if (dbKind(db) === 'pglite') return fn();
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${BOOT_LOCK})`.execute(conn);
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(${BOOT_LOCK})`.execute(conn);
    }
  });
}

export interface BootOptions {
  config: Config;
  identity?: IdentityHooks;
  /** PostgreSQL only: a schema of its own (tests). */
  schema?: string;
  log?: (line: string) => void;
}

/** Opens the configured database, then migrates and seeds it under the boot lock (see the header). */
export async function bootDatabase({ config, identity, schema, log = () => {} }: BootOptions): Promise<Db> {
  const db = await createDb({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    migrate: false,
    poolSize: config.dbPoolSize,
    ...(schema ? { schema } : {}),
  });
  try {
    await withBootLock(db, async () => {
      await migrateToLatest(db);
      // What every instance must share (src/deployment.ts): refused in production when it differs.
      const differing = await compareSharedSettings(db, config, { replace: config.replaceSharedSettings });
      if (differing.length > 0) {
        if (config.isProduction) throw new SharedSettingsError(differing);
        log(`${new SharedSettingsError(differing).message} (recorded this instance's, outside production)`);
        await compareSharedSettings(db, config, { replace: true });
      }
      if (!config.seedOnStart) return;
      const seeded = await seedIfEmpty({ db, config, ...(identity ? { identity } : {}) });
      if (seeded) log('database was empty: demo data seeded');
      if (seeded && config.seedLarge) {
        const { seedLarge } = await import('./seed-large/index.ts');
        await seedLarge({ db, config, identity, log: (line) => log(`large data set: ${line}`) });
      }
    });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
