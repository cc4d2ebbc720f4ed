import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import {
  buildTranslationFile,
  COMMON_LOCALES_DIR,
  packageNamespace,
  readCommonNamespace,
  readJsonObject,
} from './files.ts';

export { packageNamespace };
import type { TendApp } from './types.ts';

/** One literal translation key found in source: `t('key')`, `tk('key')`, `i18n.t('ns:key')`, `<Trans i18nKey="key">`. */
export interface KeyUsage {
  file: string;
  line: number;
  key: string;
  /** Set when the key names its namespace (`ns:key`). */
  ns?: string;
}

/**
 * The functions whose first argument is a key, with the namespace each one implies (null: the file's
 * namespaces). E.g. `{ t: null, tk: null, ta: 'auth' }` when `ta` is a t fixed to the `auth` namespace.
 */
export type KeyFunctions = Record<string, string | null>;

export const DEFAULT_KEY_FUNCTIONS: KeyFunctions = { t: null, tk: null };

function literalText(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isJsxExpression(node)) return literalText(node.expression);
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) {
    return literalText(node.expression);
  }
  return undefined;
}

function calleeName(expr: ts.Expression): string | undefined {
  if (ts.isIdentifier(expr)) return expr.text;
  if (ts.isPropertyAccessExpression(expr)) return expr.name.text;
  return undefined;
}

/**
 * The literal keys used in one source text, found with the TypeScript parser (comments and look-alike calls
 * are not usages): `t('key')`, `i18n.t('ns:key')`, `tk('key')`, `<Trans i18nKey="key">`. Keys built at run
 * time are not seen: keep them as `tk('literal')`.
 */
export function extractKeyUsages(
  source: string,
  file = '<source>.tsx',
  keyFunctions: KeyFunctions = DEFAULT_KEY_FUNCTIONS,
): KeyUsage[] {
  const kind = /\.[cm]?[jt]s$/.test(file) ? ts.ScriptKind.TS : ts.ScriptKind.TSX;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, kind);
  const usages: KeyUsage[] = [];
  const add = (raw: string, at: ts.Node, impliedNs: string | null = null) => {
    const colon = raw.indexOf(':');
    const hasNs =
      colon > 0 && /^[a-z][\w-]*$/i.test(raw.slice(0, colon)) && !raw.slice(colon + 1).startsWith(' ');
    const ns = hasNs ? raw.slice(0, colon) : impliedNs;
    usages.push({
      file,
      line: sf.getLineAndCharacterOfPosition(at.getStart(sf)).line + 1,
      key: hasNs ? raw.slice(colon + 1) : raw,
      ...(ns ? { ns } : {}),
    });
  };
  const visit = (node: ts.Node) => {
    const fn = ts.isCallExpression(node) ? calleeName(node.expression) : undefined;
    if (
      ts.isCallExpression(node) &&
      fn !== undefined &&
      Object.prototype.hasOwnProperty.call(keyFunctions, fn)
    ) {
      const key = literalText(node.arguments[0]);
      if (key !== undefined) add(key, node, keyFunctions[fn]);
    } else if (ts.isJsxAttribute(node) && node.name.getText(sf) === 'i18nKey') {
      const key = literalText(node.initializer);
      if (key !== undefined) add(key, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return usages;
}

const PLURAL_SUFFIXES = ['', '_zero', '_one', '_two', '_few', '_many', '_other'];

/** True when `key` (dotted path, plural forms allowed) is a string or object in one of the namespaces. */
export function hasKey(resources: Record<string, unknown>[], key: string): boolean {
  return resources.some((res) =>
    PLURAL_SUFFIXES.some((suffix) => {
      let node: unknown = res;
      for (const part of `${key}${suffix}`.split('.')) {
        if (!node || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, part))
          return false;
        node = (node as Record<string, unknown>)[part];
      }
      return node !== undefined;
    }),
  );
}

const SOURCE = /\.(ts|tsx|js|jsx|mts)$/;
const SKIP_FILE = /\.(test|spec)\.[cm]?[jt]sx?$|\.d\.ts$/;
const SKIP_DIR = new Set(['node_modules', 'generated', 'dist', 'test-results', '__fixtures__']);

/**
 * Source files under a directory, without tests, declarations and generated code. Hidden directories are
 * skipped too: the API generator writes its next client to a scratch `src/.generated-next-<pid>` and swaps it
 * in, so a scan running beside `npm run generate` would otherwise list files that vanish before they are read.
 */
export function listSourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIR.has(entry.name) && !entry.name.startsWith('.')) out.push(...listSourceFiles(path));
    } else if (SOURCE.test(entry.name) && !SKIP_FILE.test(entry.name)) {
      out.push(path);
    }
  }
  return out;
}

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

export interface NamespaceReport {
  /** Source files scanned. */
  files: number;
  /** Literal uses of the namespace's keys. */
  used: number;
  /** `file: key` for each key the code uses that English lacks. */
  missing: string[];
  /** English keys (plural suffixes folded) that no source file mentions literally. */
  unused: string[];
}

/**
 * Checks a package's own namespace both ways: every key its sources use through `functions` (e.g.
 * `['ta', 'authKey']`) is in English, and every English key is used somewhere (keys used only at run time are
 * listed in `dynamic`). Each package with a namespace runs it in a unit test.
 */
export function checkNamespace(options: {
  src: string;
  en: Record<string, unknown>;
  functions: string[];
  dynamic?: Iterable<string>;
}): NamespaceReport {
  const files = listSourceFiles(options.src);
  const call = new RegExp(
    `(?<![\\w$.])(?:${options.functions.join('|')})\\(\\s*(['"\`])([^'"\`$\\\\\\n]+)\\1`,
    'g',
  );
  const sources = files.map((file) => ({
    file: relative(options.src, file),
    text: readFileSync(file, 'utf8'),
  }));
  const used = sources.flatMap(({ file, text }) =>
    [...text.matchAll(call)].map((m) => ({ file, key: m[2]! })),
  );
  const missing = used.filter((u) => !hasKey([options.en], u.key)).map((u) => `${u.file}: ${u.key}`);
  const leaves: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') leaves.push(path.replace(/_(zero|one|two|few|many|other)$/, ''));
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) walk(v, path ? `${path}.${k}` : k);
  };
  walk(options.en, '');
  const all = sources.map((s) => s.text).join('\n');
  const dynamic = new Set(options.dynamic ?? []);
  const unused = [...new Set(leaves)].filter((key) => !dynamic.has(key) && !all.includes(`'${key}'`));
  return { files: files.length, used: used.length, missing, unused };
}

/** How a translation differs from its English file: keys missing or extra, placeholders not the same. */
export interface ParityReport {
  /** The English file (or namespace) and the other language's. */
  en: string;
  other: string;
  missing: string[];
  extra: string[];
  /** Keys whose `{{placeholders}}` differ: `key: en {{a}} / other {{b}}`. */
  placeholders: string[];
}

function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return out;
}

const placeholdersOf = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => m[1]!))].sort();

/**
 * Compares a translation with its English original: exactly the same keys (plural forms `_one`/`_other`
 * included: the languages Tend offers use the same two) and the same `{{placeholders}}` in each text.
 */
export function compareTranslation(
  en: Record<string, unknown>,
  other: Record<string, unknown>,
  names: { en: string; other: string } = { en: 'en', other: 'other' },
): ParityReport {
  const a = flatten(en);
  const b = flatten(other);
  const placeholders: string[] = [];
  for (const [key, text] of a) {
    const translated = b.get(key);
    if (translated === undefined) continue;
    const want = placeholdersOf(text).join(' ');
    const got = placeholdersOf(translated).join(' ');
    if (want !== got) placeholders.push(`${key}: en {{${want}}} / ${names.other} {{${got}}}`);
  }
  return {
    ...names,
    missing: [...a.keys()].filter((k) => !b.has(k)),
    extra: [...b.keys()].filter((k) => !a.has(k)),
    placeholders,
  };
}

/** Every translation file of the repository beside its English file: `[en file, other file]`. */
export function listTranslationFiles(repoRoot: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  const localeDirs: string[] = [];
  const dirsUnder = (dir: string) =>
    existsSync(dir)
      ? readdirSync(dir, { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => join(dir, d.name))
      : [];
  for (const app of dirsUnder(join(repoRoot, 'apps'))) {
    localeDirs.push(
      join(app, 'src', 'locales'),
      ...dirsUnder(join(app, 'src', 'features')).map((f) => join(f, 'locales')),
    );
  }
  for (const pkg of dirsUnder(join(repoRoot, 'packages'))) {
    localeDirs.push(
      join(pkg, 'src', 'locales'),
      ...dirsUnder(join(pkg, 'src')).map((f) => join(f, 'locales')),
    );
  }
  for (const dir of localeDirs) {
    const en = join(dir, 'en.json');
    if (!existsSync(en)) continue;
    for (const name of readdirSync(dir).sort()) {
      if (name !== 'en.json' && /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?\.json$/.test(name))
        pairs.push([en, join(dir, name)]);
    }
  }
  const common = join(repoRoot, 'packages', 'i18n', 'locales');
  for (const lang of dirsUnder(common)) {
    const file = join(lang, 'common.json');
    if (!lang.endsWith(`${sep}en`) && existsSync(file)) pairs.push([join(common, 'en', 'common.json'), file]);
  }
  return pairs;
}

/** The differences of every translation file of the repository from its English file (none: all in step). */
export function checkTranslationParity(repoRoot: string): ParityReport[] {
  return listTranslationFiles(repoRoot)
    .map(([en, other]) =>
      compareTranslation(readJsonObject(en), readJsonObject(other), {
        en: relative(repoRoot, en),
        other: relative(repoRoot, other),
      }),
    )
    .filter((r) => r.missing.length + r.extra.length + r.placeholders.length > 0);
}

/** A readable list of parity differences, for a test's failure message. */
export function formatParity(reports: ParityReport[]): string {
  return reports
    .map((r) =>
      [
        `${r.other} (against ${r.en}):`,
        ...r.missing.map((k) => `  missing: ${k}`),
        ...r.extra.map((k) => `  extra: ${k}`),
        ...r.placeholders.map((p) => `  placeholders differ: ${p}`),
      ].join('\n'),
    )
    .join('\n');
}
