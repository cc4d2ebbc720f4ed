#!/usr/bin/env node
// `npm run generate`: regenerates src/generated from openapi.yaml (contract tables, Orval, barrels).
// The folder is removed first so an operation or tag removed from the contract leaves nothing behind.
// Usage: node scripts/generate.mjs [packageDir] (default: this package; tests regenerate a copy).
import { rmSync } from 'node:fs';
import process from 'node:process';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const packageDir = resolve(process.argv[2] ?? join(here, '..'));
const require = createRequire(join(here, '..', 'package.json'));
const orvalBin = join(dirname(require.resolve('orval')), 'bin', 'orval.js');

rmSync(join(packageDir, 'src', 'generated'), { recursive: true, force: true });
const run = (args) => {
  const result = spawnSync(process.execPath, args, { cwd: packageDir, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
const tables = join(packageDir, 'scripts', 'contract-tables.mjs');
run([tables, 'operations', join(packageDir, 'src', 'generated')]);
run([orvalBin, '--config', join(packageDir, 'orval.config.ts')]);
run([tables, 'barrels', join(packageDir, 'src', 'generated')]);
