import { sql } from 'kysely';
import { loadConfig } from '../config.ts';
import { createDb, migrateToLatest, type Db } from './index.ts';
import { seed } from './seed.ts';
import { loadIdentityHooks } from '../modules/registry.ts';

/** Drops every table of the current schema (core, identity and Kysely's own), so migrations start afresh. */
export async function dropAllTables(db: Db): Promise<void> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  for (const { table_name } of rows) {
    await sql`drop table if exists ${sql.id(table_name)} cascade`.execute(db);
  }
}

/** `npm run db:seed -w @tend/server`: empties the configured database and seeds the demo data again. */
async function main() {
  const config = loadConfig();
  const db = await createDb({ url: config.databaseUrl, dataDir: config.dataDir, migrate: false });
  try {
    await dropAllTables(db);
    await migrateToLatest(db);
    await seed({ db, config, identity: await loadIdentityHooks() });
    console.info(`demo data seeded into ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('seeding failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
