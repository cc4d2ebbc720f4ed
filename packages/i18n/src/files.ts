import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE } from './locale.ts';
import type { TendApp } from './types.ts';

/** packages/i18n/locales: `{lang}/common.json`, the shared namespace. */
export const COMMON_LOCALES_DIR = resolve(
  import.meta.dirname ?? dirname(fileURLToPath(import.meta.url)),
  '../locales',
);

export interface TranslationSources {
  app: TendApp;
  /** The app's own strings: `{lang}.json` files (default `<app root>/src/locales`). */
  appLocalesDir: string;
  /** The shared strings: `{lang}/common.json` (default packages/i18n/locales). */
  commonLocalesDir?: string;
  /**
   * The app's feature folders (default `<appLocalesDir>/../features`): a feature may keep its own words in
   * `<feature>/locales/{lang}.json`, merged into the app's namespace under the feature's name
   * (`features/checkup/locales/en.json` → `patient:checkup.…`).
   */
  featuresDir?: string;
  /**
   * The packages whose words are bundled in English (registered from their JSON at first use) and served
   * in this file for every other language, so another language adds no JavaScript: each namespace is read
   * with packageNamespace (`<src>/locales/{lang}.json` and `<src>/<subject>/locales/{lang}.json`). Default
   * PACKAGE_NAMESPACES (auth, portal, domain).
   */
  packageNamespaces?: readonly PackageNamespaceSource[];
}

/** A package's namespace: its name and its `src` folder. */
export interface PackageNamespaceSource {
  ns: string;
  src: string;
}

const PACKAGES_DIR = resolve(COMMON_LOCALES_DIR, '../..');

/** The packages with words of their own: `core`, `auth`, `portal`, `domain` (core and domain: one file per part or subject). */
export const PACKAGE_NAMESPACES: readonly PackageNamespaceSource[] = ['core', 'auth', 'portal', 'domain'].map(
  (ns) => ({
    ns,
    src: join(PACKAGES_DIR, ns, 'src'),
  }),
);

const LANG_FILE = /^([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?)\.json$/;
const LANG_DIR = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/;

export function readJsonObject(file: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Translations: ${file} is not valid JSON (${(error as Error).message})`, {
      cause: error,
    });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(`Translations: ${file} must hold a JSON object`);
  }
  return parsed as Record<string, unknown>;
}

/** A language's common namespace (`{}` when the language has no common file). */
export function readCommonNamespace(commonLocalesDir: string, lang: string): Record<string, unknown> {
  const file = join(commonLocalesDir, lang, 'common.json');
  return existsSync(file) ? readJsonObject(file) : {};
}

/**
 * A package's own namespace in `lang`, named after its folder: `src/locales/{lang}.json`, and/or one file per
 * subject folder, `src/<subject>/locales/{lang}.json`, under the subject's name (`domain:screening.bands.mild`).
 * Undefined when the package has no file in that language.
 */
export function packageNamespace(srcDir: string, lang = 'en'): Record<string, unknown> | undefined {
  const own = join(srcDir, 'locales', `${lang}.json`);
  let ns: Record<string, unknown> | undefined = existsSync(own) ? readJsonObject(own) : undefined;
  if (!existsSync(srcDir)) return ns;
  for (const entry of readdirSync(srcDir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const file = join(srcDir, entry.name, 'locales', `${lang}.json`);
    if (entry.isDirectory() && existsSync(file)) ns = { ...ns, [entry.name]: readJsonObject(file) };
  }
  return ns;
}

/** The languages with a common file or an app file. */
export function listLanguages(sources: TranslationSources): string[] {
  const commonDir = sources.commonLocalesDir ?? COMMON_LOCALES_DIR;
  const langs = new Set<string>();
  if (existsSync(commonDir)) {
    for (const name of readdirSync(commonDir)) {
      if (LANG_DIR.test(name) && existsSync(join(commonDir, name, 'common.json'))) langs.add(name);
    }
  }
  if (existsSync(sources.appLocalesDir) && statSync(sources.appLocalesDir).isDirectory()) {
    for (const name of readdirSync(sources.appLocalesDir)) {
      const m = LANG_FILE.exec(name);
      if (m) langs.add(m[1]!);
    }
  }
  return [...langs].sort();
}

/** Where an app's feature folders are (see TranslationSources.featuresDir). */
export function featuresDirOf(sources: TranslationSources): string {
  return sources.featuresDir ?? resolve(sources.appLocalesDir, '..', 'features');
}

/** The features with words of their own in `lang`: [feature name, file]. */
export function featureFiles(sources: TranslationSources, lang: string): Array<[string, string]> {
  const dir = featuresDirOf(sources);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d): [string, string] => [d.name, join(dir, d.name, 'locales', `${lang}.json`)])
    .filter(([, file]) => existsSync(file))
    .sort(([a], [b]) => a.localeCompare(b));
}

/** The files a language's translations are built from (existing or not), the features' words last. */
export function sourceFiles(sources: TranslationSources, lang: string): string[] {
  const commonDir = sources.commonLocalesDir ?? COMMON_LOCALES_DIR;
  return [
    join(commonDir, lang, 'common.json'),
    join(sources.appLocalesDir, `${lang}.json`),
    ...featureFiles(sources, lang).map(([, f]) => f),
  ];
}

/** The package files of a language (watched in dev and at build). */
export function packageFiles(sources: TranslationSources, lang: string): string[] {
  const files: string[] = [];
  for (const { src } of sources.packageNamespaces ?? PACKAGE_NAMESPACES) {
    if (!existsSync(src)) continue;
    files.push(join(src, 'locales', `${lang}.json`));
    for (const entry of readdirSync(src, { withFileTypes: true })) {
      if (entry.isDirectory()) files.push(join(src, entry.name, 'locales', `${lang}.json`));
    }
  }
  return files.filter((f) => existsSync(f));
}

/** The app's namespace in `lang`: its own file plus each feature's file under the feature's name. */
function appNamespace(sources: TranslationSources, lang: string, appFile: string): Record<string, unknown> {
  const ns: Record<string, unknown> = existsSync(appFile) ? readJsonObject(appFile) : {};
  for (const [feature, file] of featureFiles(sources, lang)) {
    if (Object.prototype.hasOwnProperty.call(ns, feature)) {
      throw new Error(
        `Translations: ${appFile} already has a key "${feature}"; the feature's words are in ${file}: keep one`,
      );
    }
    ns[feature] = readJsonObject(file);
  }
  return ns;
}

/**
 * The file served at `/assets/i18n/{lang}.json`: `{ "common": {...}, "<app>": {...} }`, or undefined when
 * the language has neither a common nor an app file. Every language but English also carries the packages'
 * namespaces it has words for (`auth`, `portal`, `domain`): English is bundled with the packages' code, the
 * other languages are loaded with the file, so they add no JavaScript. Throws on invalid JSON.
 */
export function buildTranslationFile(
  sources: TranslationSources,
  lang: string,
): Record<string, Record<string, unknown>> | undefined {
  if (!LANG_DIR.test(lang)) return undefined;
  const [commonFile, appFile] = sourceFiles(sources, lang) as [string, string];
  const hasCommon = existsSync(commonFile);
  const hasApp = existsSync(appFile);
  if (!hasCommon && !hasApp) return undefined;
  const file: Record<string, Record<string, unknown>> = {
    common: hasCommon ? readJsonObject(commonFile) : {},
    [sources.app]: appNamespace(sources, lang, appFile),
  };
  if (lang !== DEFAULT_LANGUAGE) {
    for (const { ns, src } of sources.packageNamespaces ?? PACKAGE_NAMESPACES) {
      const words = packageNamespace(src, lang);
      if (words) file[ns] = words;
    }
  }
  return file;
}

/** The English resources of an app, as i18next takes them (`{ en: { common, <app> } }`), for tests. */
export function readEnglishResources(sources: TranslationSources): Record<string, Record<string, unknown>> {
  return { en: buildTranslationFile(sources, 'en') ?? { common: {} } };
}
