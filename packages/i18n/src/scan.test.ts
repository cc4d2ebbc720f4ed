// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  checkTranslationParity,
  comparePartTranslations,
  compareTranslation,
  extractKeyUsages,
  findMissingKeys,
  formatMissingKeys,
  formatParity,
  hasKey,
  listSourceFiles,
  listTranslationFiles,
} from './scan.ts';

describe('extractKeyUsages', () => {
  it('finds t(), i18n.t(), tk() and <Trans i18nKey> with their lines and namespaces', () => {
    const source = [
      "const a = t('shell.signOut');",
      'const b = i18n.t("Error_SomethingWentWrong", { x: 1 });',
      "const c = t('patient:Greeting');",
      '<Trans i18nKey="errors.title" />',
      "<Trans i18nKey={'errors.reload'} />",
      "const d = tk('validation.required');",
      't(`idle.title`)',
    ].join('\n');
    expect(extractKeyUsages(source, 'x.tsx')).toEqual([
      { file: 'x.tsx', line: 1, key: 'shell.signOut' },
      { file: 'x.tsx', line: 2, key: 'Error_SomethingWentWrong' },
      { file: 'x.tsx', line: 3, key: 'Greeting', ns: 'patient' },
      { file: 'x.tsx', line: 4, key: 'errors.title' },
      { file: 'x.tsx', line: 5, key: 'errors.reload' },
      { file: 'x.tsx', line: 6, key: 'validation.required' },
      { file: 'x.tsx', line: 7, key: 'idle.title' },
    ]);
  });

  it('ignores other calls, comments and keys built at run time', () => {
    const source = [
      "it('renders', () => {});",
      "split('a.b'); format('x'); set('y'); getT('z');",
      't(`errors.${name}`);',
      't(variable);',
      "// t('in.a.comment')",
      "/* t('in.a.block')",
      '   <Trans i18nKey="x" /> */',
      "const url = 'http://x/*'; t('after.a.string.with.slashes'); // t('no')",
      "const re = /'/; t('after.a.regex');",
    ].join('\n');
    expect(extractKeyUsages(source)).toEqual([
      { file: '<source>.tsx', line: 8, key: 'after.a.string.with.slashes' },
      { file: '<source>.tsx', line: 9, key: 'after.a.regex' },
    ]);
  });
});

describe('hasKey', () => {
  const res = { a: { b: 'x' }, idle: { warning_one: '1', warning_other: 'n' } };
  it('follows dotted paths and plural forms', () => {
    expect(hasKey([res], 'a.b')).toBe(true);
    expect(hasKey([res], 'idle.warning')).toBe(true);
    expect(hasKey([res], 'a.c')).toBe(false);
    expect(hasKey([res], 'a.b.c')).toBe(false);
    expect(hasKey([res], 'constructor')).toBe(false);
    expect(hasKey([{}, res], 'a.b')).toBe(true);
  });
});

describe('findMissingKeys on a fixture repository', () => {
  let repo: string;
  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), 'tend-scan-'));
    const w = (path: string, text: string) => {
      mkdirSync(resolve(repo, path, '..'), { recursive: true });
      writeFileSync(join(repo, path), text);
    };
    w('common/en/common.json', '{"shell":{"signOut":"Sign out"}}');
    w('apps/patient/src/locales/en.json', '{"Home":"Home"}');
    w(
      'apps/patient/src/Home.tsx',
      "t('Home'); t('shell.signOut'); t('Missing'); t('patient:Home'); t('common:Home');",
    );
    w('apps/patient/src/Home.test.tsx', "t('OnlyInATest');");
    w('apps/patient/src/generated/x.ts', "t('Generated');");
    w('apps/server/src/x.ts', "t('ServerIsNotScanned');");
    w('packages/ui/src/Shell.tsx', "t('shell.signOut'); t('Home');");
    w('packages/auth/src/locales/en.json', '{"signIn":{"title":"Sign in"}}');
    w(
      'packages/auth/src/SignIn.tsx',
      "ta('signIn.title'); ta('signIn.missing'); t('auth:signIn.title'); t('signIn.title');",
    );
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('reports keys missing from English, per app namespace and common', () => {
    const report = findMissingKeys({
      repoRoot: repo,
      commonLocalesDir: join(repo, 'common'),
      keyFunctions: { t: null, tk: null, ta: 'auth' },
    });
    expect(report.files).toBe(3);
    expect(report.usages).toBe(11);
    expect(report.missing).toEqual([
      { file: 'apps/patient/src/Home.tsx', line: 1, key: 'Missing' },
      { file: 'apps/patient/src/Home.tsx', line: 1, key: 'Home', ns: 'common' },
      { file: 'packages/auth/src/SignIn.tsx', line: 1, key: 'signIn.missing', ns: 'auth' },
      { file: 'packages/ui/src/Shell.tsx', line: 1, key: 'Home' },
    ]);
    // without the ta mapping, ta() is not a key function
    expect(findMissingKeys({ repoRoot: repo, commonLocalesDir: join(repo, 'common') }).usages).toBe(9);
    expect(formatMissingKeys(report.missing)).toContain('apps/patient/src/Home.tsx:1  common:Home');
  });
});

describe('listSourceFiles', () => {
  it('skips tests, declarations, generated code and hidden (scratch) directories', () => {
    const root = mkdtempSync(join(tmpdir(), 'tend-i18n-list-'));
    try {
      for (const dir of ['src/features', 'src/generated', 'src/.generated-next-123/model', 'node_modules/x'])
        mkdirSync(join(root, dir), { recursive: true });
      for (const file of [
        'src/a.ts',
        'src/features/b.tsx',
        'src/a.test.ts',
        'src/c.d.ts',
        'src/generated/g.ts',
        'src/.generated-next-123/model/m.ts',
        'node_modules/x/n.ts',
      ]) {
        writeFileSync(join(root, file), '');
      }
      expect(
        listSourceFiles(root)
          .map((f) => f.slice(root.length + 1))
          .sort(),
      ).toEqual(['src/a.ts', 'src/features/b.tsx']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the repository', () => {
  it('uses no translation key that is missing from English', () => {
    // packages/auth's `ta` is its t for the `auth` namespace, packages/portal's `tp` for `portal`,
    // packages/domain's `td` for `domain` (one file per subject)
    const report = findMissingKeys({
      repoRoot: resolve(import.meta.dirname, '../../..'),
      keyFunctions: { t: null, tk: null, ta: 'auth', tp: 'portal', td: 'domain' },
    });
    expect(report.files).toBeGreaterThan(0);
    expect(report.missing, formatMissingKeys(report.missing)).toEqual([]);
    // About a thousand files through the TypeScript parser: a second and a half on an idle machine, over 30 s
    // on the 2-core CI machine beside the browser tests.
  }, 180_000);
});

describe('compareTranslation', () => {
  it('lists the keys missing and extra, plural forms included, and placeholders that differ', () => {
    const en = { a: { b: 'Hello {{name}}', c: 'x' }, n_one: '{{count}} day', n_other: '{{count}} days' };
    const es = {
      a: { b: 'Hola {{nombre}}', d: 'y' },
      n_one: '{{count}} día',
      n_other: '{{count}} días',
      n_many: '…',
    };
    const report = compareTranslation(en, es, { en: 'en.json', other: 'es.json' });
    expect(report).toEqual({
      en: 'en.json',
      other: 'es.json',
      missing: ['a.c'],
      extra: ['a.d', 'n_many'],
      placeholders: ['a.b: en {{name}} / es.json {{nombre}}'],
    });
    expect(formatParity([report])).toContain('missing: a.c');
  });

  it('reports nothing for a faithful translation', () => {
    const report = compareTranslation({ a: 'Hi {{name}}' }, { a: '¡Hola, {{name}}!' });
    expect([...report.missing, ...report.extra, ...report.placeholders]).toEqual([]);
  });

  it('compares a namespace made of parts part by part, naming the files of each, and keeps only differences', () => {
    const en = { one: { a: 'A' }, two: { b: 'B {{n}}' } };
    const reports = comparePartTranslations(en, { one: { a: 'Á' }, two: { b: 'B' } }, 'es');
    expect(reports).toEqual([
      {
        en: 'two/locales/en.json',
        other: 'two/locales/es.json',
        missing: [],
        extra: [],
        placeholders: ['b: en {{n}} / two/locales/es.json {{}}'],
      },
    ]);
  });
});

describe("the repository's translations", () => {
  const repoRoot = resolve(import.meta.dirname, '../../..');
  it('finds the Spanish files beside the English ones', () => {
    const others = listTranslationFiles(repoRoot).map(([, other]) => other);
    expect(others.some((f) => f.endsWith(join('i18n', 'locales', 'es', 'common.json')))).toBe(true);
    expect(others.some((f) => f.endsWith(join('patient', 'src', 'locales', 'es.json')))).toBe(true);
  });

  it('has, in every language, exactly the keys and placeholders of English', () => {
    const reports = checkTranslationParity(repoRoot);
    expect(reports, formatParity(reports)).toEqual([]);
  });
});
