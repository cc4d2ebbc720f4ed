import { describe, expect, it } from 'vitest';
import { checkNamespace, comparePartTranslations, formatParity, packageNamespace } from '@tend/i18n/scan';

/** The package's English words: one file per subject, under the subject's name. */
const en = packageNamespace(import.meta.dirname) ?? {};

describe('the domain namespace (one file per subject)', () => {
  const report = checkNamespace({
    src: import.meta.dirname,
    en,
    functions: ['td', 'domainKey'],
  });

  it('has a file per subject', () => {
    expect(Object.keys(en)).toEqual(expect.arrayContaining(['screening', 'moments', 'chat']));
  });

  it('has every key the code uses in English', () => {
    expect(report.used).toBeGreaterThan(10);
    expect(report.missing).toEqual([]);
  });
});

describe('the domain namespace in Spanish', () => {
  const es = packageNamespace(import.meta.dirname, 'es') ?? {};

  it('has every subject the patient app shows', () => {
    expect(Object.keys(es)).toEqual(
      expect.arrayContaining(['screening', 'moments', 'crisis', 'chat', 'activity', 'progress', 'surveys']),
    );
  });

  it('has exactly the keys and placeholders of English, subject by subject', () => {
    const reports = comparePartTranslations(en, es, 'es');
    expect(reports, formatParity(reports)).toEqual([]);
  });
});
