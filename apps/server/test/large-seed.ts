// Test support of the large data set's parts (src/db/seed-large/parts/*.test.ts): an app over the demo core
// data and one part seeded on it, with the callers the part's test names by the `x-test-user` header.
import type { AuthUser } from '../src/http/types.ts';
import type { LargeSeedPart } from '../src/db/seed-large/index.ts';
import { DEMO } from '../src/db/seed-data.ts';
import { seedCore } from '../src/db/seed-demo/index.ts';
import { fileTestApp } from './file-app.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { resolveUserFrom } from './users.ts';

/** An administrator of Tend Health (and so of its child organisation) who is none of the demo people. */
export const BENCH_ADMIN: AuthUser = {
  uid: 'bench-admin',
  email: 'bench-admin@example.com',
  scopes: ['org-admin'],
  roles: ['admin'],
  claims: { adminOf: ['org-tend-health'] },
};

/** The demo core data and `part` seeded on the app's own database; any other caller is anonymous. */
export async function createLargePartApp(
  part: LargeSeedPart,
  users: Record<string, AuthUser>,
): Promise<TestApp> {
  const t = await createTestApp({
    rateLimitEnabled: false,
    resolveUser: resolveUserFrom(users, 'anonymous'),
  });
  await seedCore(t.db);
  await part.seed({ db: t.db, config: t.config, identity: undefined, demo: DEMO, log: () => undefined });
  return t;
}

/** The part's app for the test file that calls this at its top, with its operate(t) (fileTestApp). */
export const largePartApp = (part: LargeSeedPart, users: Record<string, AuthUser>) =>
  fileTestApp(() => createLargePartApp(part, users));
