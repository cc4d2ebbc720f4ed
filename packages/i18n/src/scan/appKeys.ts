/** The missing-key check each app runs on itself in its own unit test (Node's assert: no test runner needed). */
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { COMMON_LOCALES_DIR } from '../files.ts';
import { findMissingKeys, formatMissingKeys } from './missing.ts';

/** The repository holding this package (packages/i18n/locales is three folders below it). */
const REPO_ROOT = resolve(COMMON_LOCALES_DIR, '../../..');

/**
 * Expects the sources of `apps/<app>/src` to use only keys that exist in English (common or the app's
 * namespace), listing the missing ones when they do not. The four apps' locale tests made these same checks
 * each on its own; a scan that read no file, or fewer than `minUsages` keys, proves nothing and fails too.
 */
export function expectAppKeysInEnglish(app: string, options: { minUsages?: number } = {}) {
  const report = findMissingKeys({ repoRoot: REPO_ROOT, apps: [app], packages: false });
  assert.ok(report.files > 0, `no source file of apps/${app}/src was read`);
  if (options.minUsages !== undefined)
    assert.ok(
      report.usages >= options.minUsages,
      `only ${report.usages} keys found in apps/${app}/src (at least ${options.minUsages} expected)`,
    );
  assert.deepEqual(report.missing, [], formatMissingKeys(report.missing));
}
