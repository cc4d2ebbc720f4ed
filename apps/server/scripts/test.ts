/**
 * `npm test -w @tend/server`: the server's tests, on the fastest real database the machine has.
 * - With PostgreSQL installed (Debian's layout, PG_BIN or the PATH): every test file on a throw-away PostgreSQL
 *   (scripts/with-postgres.sh; about four times faster than PGlite here, and the tests of two instances sharing
 *   one database run too), then the database-level files again on PGlite (PGLITE_FILES), the engine `npm start`
 *   and the end-to-end tests use. Reports: test-results/vitest.json and test-results/vitest-pglite.json.
 * - Without PostgreSQL: every file on PGlite.
 * TEND_TEST_DB=pglite forces the second; extra arguments go to vitest (e.g. a file to run).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
// The workspace's one lookup of PostgreSQL's binaries (also the bench's).
import { postgresBinDir } from '../../../scripts/lib/postgres.ts';

/** The files about the database itself (migrations, concurrent writes, shared limits, start-up), run on both. */
const PGLITE_FILES = [
  'test/db.test.ts',
  'test/races.test.ts',
  'test/shared-limits.test.ts',
  'test/boot.test.ts',
];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const args = process.argv.slice(2);
const pgBin = process.env.TEND_TEST_DB === 'pglite' ? undefined : postgresBinDir();
const vitest = join('node_modules', '.bin', 'vitest');
const vitestBin = existsSync(vitest) ? vitest : join('..', '..', 'node_modules', '.bin', 'vitest');

if (!pgBin) {
  process.exit(await run(vitestBin, ['run', ...args]));
}
console.log(`server tests on PostgreSQL (${pgBin}), then ${PGLITE_FILES.length} database files on PGlite`);
const onPostgres = await run('bash', ['scripts/with-postgres.sh', vitestBin, 'run', ...args], {
  ...process.env,
  PG_BIN: pgBin,
});
const pgliteEnv = { ...process.env };
delete pgliteEnv.DATABASE_URL;
const onPglite =
  args.length > 0
    ? 0
    : await run(
        vitestBin,
        ['run', ...PGLITE_FILES, '--outputFile.json=test-results/vitest-pglite.json'],
        pgliteEnv,
      );
process.exit(onPostgres || onPglite);
