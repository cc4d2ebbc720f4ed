import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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
}

const LANG_FILE = /^([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?)\.json$/;
const LANG_DIR = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/;

export function readJsonObject(file: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Translations: ${file} is not valid JSON (${(error as Error).message})`, { cause: error });
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

/** The files a language's translations are built from (existing or not). */
export function sourceFiles(sources: TranslationSources, lang: string): string[] {
  const commonDir = sources.commonLocalesDir ?? COMMON_LOCALES_DIR;
  return [join(commonDir, lang, 'common.json'), join(sources.appLocalesDir, `${lang}.json`)];
}

/**
 * The file served at `/assets/i18n/{lang}.json`: `{ "common": {...}, "<app>": {...} }`, or undefined when
 * the language has neither a common nor an app file. Throws on invalid JSON.
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
  return {
    common: hasCommon ? readJsonObject(commonFile) : {},
    [sources.app]: hasApp ? readJsonObject(appFile) : {},
  };
}

/** The English resources of an app, as i18next takes them (`{ en: { common, <app> } }`), for tests. */
export function readEnglishResources(sources: TranslationSources): Record<string, Record<string, unknown>> {
  return { en: buildTranslationFile(sources, 'en') ?? { common: {} } };
}
