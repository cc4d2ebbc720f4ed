#!/usr/bin/env node
// `npm run generate`: regenerates src/generated from openapi.yaml (contract tables, Orval, barrels).
// The new client is written to src/.generated-next-<pid> and then swapped in, so an operation or tag removed
// from the contract leaves nothing behind and src/generated is never half-written while other
// packages typecheck against it.
// Usage: node scripts/generate.mjs [packageDir] (default: this package; tests regenerate a copy).
import { existsSync, renameSync, rmSync } from 'node:fs';
import process from 'node:process';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const packageDir = resolve(process.argv[2] ?? join(here, '..'));
const require = createRequire(join(here, '..', 'package.json'));
const orvalBin = join(dirname(require.resolve('orval')), 'bin', 'orval.js');
const live = join(packageDir, 'src', 'generated');
// One scratch folder per run: turbo may start `generate` from several sessions at once.
const scratchName = `.generated-next-${process.pid}`;
const next = join(packageDir, 'src', scratchName);
const tables = join(packageDir, 'scripts', 'contract-tables.mjs');

const run = (args, env = {}) => {
  const result = spawnSync(process.execPath, args, {
    cwd: packageDir,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    rmSync(next, { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
};

rmSync(next, { recursive: true, force: true });
// Orval parses the mutator (src/http.ts, with its parts in src/fetcher/), which imports the live operation
// table: keep it current.
run([tables, 'operations', live]);
run([tables, 'operations', next]);
run([orvalBin, '--config', join(packageDir, 'orval.config.ts')], {
  TEND_API_GENERATED_DIR: `./src/${scratchName}`,
});
run([tables, 'barrels', next]);
// Swap in; another run finishing at the same moment may recreate `live` between the two calls: retry.
for (let attempt = 0; ; attempt++) {
  rmSync(live, { recursive: true, force: true });
  try {
    renameSync(next, live);
    break;
  } catch (error) {
    if (attempt >= 5 || !existsSync(next)) throw error;
  }
}
