import type { Config } from '../config.ts';
import type { IdentityHooks } from '../http/types.ts';
import type { Db } from './index.ts';
import { DEMO } from './seed-data.ts';
import { seedCore } from './seed-demo/index.ts';

export type { DemoData } from './seed-data.ts';
export { DEMO } from './seed-data.ts';

export type { SeedContext, SeedHook } from '../http/types.ts';

/** True when the database holds no organisation yet (a fresh database). */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('organisations').select('id').limit(1).executeTakeFirst();
  return !row;
}

/** Seeds the demo data into an empty database: core first, then the identity hook. */
export async function seed({
  db,
  config,
  identity,
}: {
  db: Db;
  config: Config;
  identity?: IdentityHooks;
}): Promise<void> {
  await seedCore(db);
  if (identity?.seed) await identity.seed({ db, config, demo: DEMO });
}

export async function seedIfEmpty(options: {
  db: Db;
  config: Config;
  identity?: IdentityHooks;
}): Promise<boolean> {
  if (!(await isEmpty(options.db))) return false;
  await seed(options);
  return true;
}
