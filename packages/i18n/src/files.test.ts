// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import commonEn from '../locales/en/common.json';
import {
  buildTranslationFile,
  COMMON_LOCALES_DIR,
  listLanguages,
  packageFiles,
  readEnglishResources,
  type TranslationSources,
} from './files.ts';

let dir: string;
let sources: TranslationSources;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tend-i18n-'));
  mkdirSync(join(dir, 'common/en'), { recursive: true });
  mkdirSync(join(dir, 'common/fr'), { recursive: true });
  mkdirSync(join(dir, 'app'));
  writeFileSync(join(dir, 'common/en/common.json'), '{"A":"a"}');
  writeFileSync(join(dir, 'common/fr/common.json'), '{"A":"à"}');
  writeFileSync(join(dir, 'app/en.json'), '{"Home":"Home"}');
  writeFileSync(join(dir, 'app/cy.json'), '{"Home":"Cartref"}');
  writeFileSync(join(dir, 'app/notes.txt'), 'ignored');
  sources = { app: 'patient', appLocalesDir: join(dir, 'app'), commonLocalesDir: join(dir, 'common') };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('translation files', () => {
  it('lists every language with a common or an app file', () => {
    expect(listLanguages(sources)).toEqual(['cy', 'en', 'fr']);
  });

  it("adds each feature's own words to the app namespace under the feature's name", () => {
    mkdirSync(join(dir, 'features/checkup/locales'), { recursive: true });
    mkdirSync(join(dir, 'features/journal'), { recursive: true });
    writeFileSync(join(dir, 'features/checkup/locales/en.json'), '{"title":"Daily check-up"}');
    expect(buildTranslationFile(sources, 'en')).toEqual({
      common: { A: 'a' },
      patient: { Home: 'Home', checkup: { title: 'Daily check-up' } },
    });
    expect(buildTranslationFile(sources, 'cy')).toEqual({ common: {}, patient: { Home: 'Cartref' } });
    writeFileSync(join(dir, 'app/en.json'), '{"checkup":{}}');
    expect(() => buildTranslationFile(sources, 'en')).toThrow(/already has a key "checkup"/);
  });

  it('merges common and the app namespace into one file per language', () => {
    expect(buildTranslationFile(sources, 'en')).toEqual({ common: { A: 'a' }, patient: { Home: 'Home' } });
    expect(buildTranslationFile(sources, 'fr')).toEqual({ common: { A: 'à' }, patient: {} });
    expect(buildTranslationFile(sources, 'cy')).toEqual({ common: {}, patient: { Home: 'Cartref' } });
  });

  it("carries the packages' words in every language but English (English is bundled with their code)", () => {
    const w = (path: string, text: string) => {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    w('pkg/auth/src/locales/en.json', '{"title":"Sign in"}');
    w('pkg/auth/src/locales/fr.json', '{"title":"Connexion"}');
    w('pkg/domain/src/screening/locales/en.json', '{"stem":"Over the last 2 weeks"}');
    w('pkg/domain/src/screening/locales/fr.json', '{"stem":"Au cours des 2 dernières semaines"}');
    w('pkg/domain/src/chat/locales/en.json', '{"send":"Send"}');
    const withPackages: TranslationSources = {
      ...sources,
      packageNamespaces: [
        { ns: 'auth', src: join(dir, 'pkg/auth/src') },
        { ns: 'domain', src: join(dir, 'pkg/domain/src') },
      ],
    };
    expect(buildTranslationFile(withPackages, 'en')).toEqual({
      common: { A: 'a' },
      patient: { Home: 'Home' },
    });
    expect(buildTranslationFile(withPackages, 'fr')).toEqual({
      common: { A: 'à' },
      patient: {},
      auth: { title: 'Connexion' },
      domain: { screening: { stem: 'Au cours des 2 dernières semaines' } },
    });
    expect(packageFiles(withPackages, 'fr').map((f) => f.slice(dir.length))).toEqual([
      '/pkg/auth/src/locales/fr.json',
      '/pkg/domain/src/screening/locales/fr.json',
    ]);
  });

  it('has no file for an unknown or unsafe language', () => {
    expect(buildTranslationFile(sources, 'de')).toBeUndefined();
    expect(buildTranslationFile(sources, '../common/en/common')).toBeUndefined();
  });

  it('names the file that is not valid JSON', () => {
    writeFileSync(join(dir, 'app/en.json'), '{"Home": }');
    expect(() => buildTranslationFile(sources, 'en')).toThrow(/app\/en\.json is not valid JSON/);
    writeFileSync(join(dir, 'app/en.json'), '["x"]');
    expect(() => buildTranslationFile(sources, 'en')).toThrow(/must hold a JSON object/);
  });

  it('reads the English resources for tests, with the real common strings by default', () => {
    const res = readEnglishResources({ app: 'admin', appLocalesDir: join(dir, 'missing') });
    expect(res).toEqual({ en: { common: commonEn, admin: {} } });
    expect(COMMON_LOCALES_DIR).toMatch(/packages\/i18n\/locales$/);
  });
});
