/** Translation parity: every other language has English's keys and placeholders, no more, no less. */
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { readJsonObject } from '../files.ts';

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

/**
 * The differences of a package namespace made of parts (`src/<part>/locales/<lang>.json`) from its English,
 * part by part, for the parts the translation has (none: all in step).
 */
export function comparePartTranslations(
  en: Record<string, unknown>,
  other: Record<string, unknown>,
  lang: string,
): ParityReport[] {
  return Object.keys(other)
    .map((part) =>
      compareTranslation(en[part] as Record<string, unknown>, other[part] as Record<string, unknown>, {
        en: `${part}/locales/en.json`,
        other: `${part}/locales/${lang}.json`,
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
