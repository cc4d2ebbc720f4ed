import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** packages/api */
export const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The repository root (/work/main in a session, the clone in CI). */
export const repoRoot = resolve(packageDir, '..', '..');
/** The shared folder sits beside the repository root. */
export const checkCallsScript = resolve(repoRoot, '..', 'shared', 'tools', 'check-calls.mjs');
export const contractPath = join(packageDir, 'openapi.yaml');
