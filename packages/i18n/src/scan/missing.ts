/** The missing-key scanner: every literal key the apps and packages use is in English. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { buildTranslationFile, COMMON_LOCALES_DIR, packageNamespace, readCommonNamespace } from '../files.ts';
import type { TendApp } from '../types.ts';
import { extractKeyUsages, hasKey, type KeyFunctions, type KeyUsage } from './keys.ts';
import { listSourceFiles } from './sources.ts';

export interface MissingKeysReport {
  /** Files scanned: a report on zero files proves nothing. */
  files: number;
  usages: number;
  missing: KeyUsage[];
}

export interface FindMissingKeysOptions {
  /** The repository root (holding apps/ and packages/). */
  repoRoot: string;
  /** Limit to some apps (default every folder of apps/ except server). */
  apps?: string[];
  /** Scan packages/*\/src too (default true). */
  packages?: boolean;
  /** Default packages/i18n/locales. */
  commonLocalesDir?: string;
  /** Default `{ t: null, tk: null }`. */
  keyFunctions?: KeyFunctions;
}

/**
 * Scans `apps/<app>/src` and `packages/<pkg>/src` for literal keys and reports those missing from English:
 * in an app a key may live in `common` or the app's namespace (src/locales/en.json); in a package, in
 * `common` or the package's own namespace (src/locales/en.json, named after the package's folder).
 */
export function findMissingKeys(options: FindMissingKeysOptions): MissingKeysReport {
  const { repoRoot } = options;
  const commonLocalesDir = options.commonLocalesDir ?? COMMON_LOCALES_DIR;
  const report: MissingKeysReport = { files: 0, usages: 0, missing: [] };
  // A key that names a package's namespace (`domain:screening.score`, e.g. through a package's own key
  // function such as @tend/domain's `td`) is checked against that package's words, in apps too.
  const packagesRoot = join(repoRoot, 'packages');
  const packageNamespaces: Record<string, Record<string, unknown>> = {};
  for (const pkg of existsSync(packagesRoot) ? readdirSync(packagesRoot) : []) {
    const own = packageNamespace(join(packagesRoot, pkg, 'src'));
    if (own) packageNamespaces[pkg] = own;
  }
  const check = (files: string[], namespaces: Record<string, Record<string, unknown>>) => {
    for (const file of files) {
      report.files++;
      const name = relative(repoRoot, file).split(sep).join('/');
      for (const usage of extractKeyUsages(readFileSync(file, 'utf8'), name, options.keyFunctions)) {
        report.usages++;
        const pool = usage.ns
          ? [namespaces[usage.ns] ?? packageNamespaces[usage.ns] ?? {}]
          : Object.values(namespaces);
        if (!hasKey(pool, usage.key)) report.missing.push(usage);
      }
    }
  };
  const appsDir = join(repoRoot, 'apps');
  const apps =
    options.apps ??
    (existsSync(appsDir)
      ? readdirSync(appsDir, { withFileTypes: true })
          .filter((d) => d.isDirectory() && d.name !== 'server')
          .map((d) => d.name)
      : []);
  for (const app of apps) {
    const appRoot = join(appsDir, app);
    const en = buildTranslationFile(
      { app: app as TendApp, appLocalesDir: join(appRoot, 'src', 'locales'), commonLocalesDir },
      'en',
    ) ?? { common: {} };
    check(listSourceFiles(join(appRoot, 'src')), en);
  }
  if (options.packages !== false) {
    const packagesDir = join(repoRoot, 'packages');
    const common = readCommonNamespace(commonLocalesDir, 'en');
    for (const pkg of existsSync(packagesDir) ? readdirSync(packagesDir) : []) {
      const own = packageNamespace(join(packagesDir, pkg, 'src'));
      const namespaces = own ? { common, [pkg]: own } : { common };
      check(listSourceFiles(join(packagesDir, pkg, 'src')), namespaces);
    }
  }
  return report;
}

/** A readable list of missing keys for a failing test. */
export function formatMissingKeys(missing: KeyUsage[]): string {
  return missing.map((u) => `${u.file}:${u.line}  ${u.ns ? `${u.ns}:` : ''}${u.key}`).join('\n');
}
