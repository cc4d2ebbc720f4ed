import { loadConfig } from '../../config.ts';
import { loadIdentityHooks } from '../../modules/registry.ts';
import { createDb } from '../index.ts';
import { seedIfEmpty } from '../seed.ts';
import { seedLarge } from './index.ts';

/**
 * `npm run seed:large -w @tend/server`: the large benchmark data set into the configured database (PGlite
 * directory or DATABASE_URL), after the demo data when the database is empty. Run it on a fresh database
 * with the Auth emulator up (the parts may create sign-in accounts); `npm run bench` starts its own.
 */
async function main() {
  const config = loadConfig();
  const db = await createDb({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    const identity = await loadIdentityHooks();
    await seedIfEmpty({ db, config, identity });
    await seedLarge({ db, config, identity, log: (line) => console.info(`large data set: ${line}`) });
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error('large seeding failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
