import { describe, expect, it } from 'vitest';
import { checkNamespace, compareTranslation, formatParity, packageNamespace } from '@tend/i18n/scan';

describe('the domain namespace (one file per subject)', () => {
  const en = packageNamespace(import.meta.dirname) ?? {};
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
  const en = packageNamespace(import.meta.dirname) ?? {};
  const es = packageNamespace(import.meta.dirname, 'es') ?? {};

  it('has every subject the patient app shows', () => {
    expect(Object.keys(es)).toEqual(
      expect.arrayContaining(['screening', 'moments', 'crisis', 'chat', 'activity', 'progress', 'surveys']),
    );
  });

  it('has exactly the keys and placeholders of English, subject by subject', () => {
    const reports = Object.keys(es)
      .map((subject) =>
        compareTranslation(en[subject] as Record<string, unknown>, es[subject] as Record<string, unknown>, {
          en: `${subject}/locales/en.json`,
          other: `${subject}/locales/es.json`,
        }),
      )
      .filter((r) => r.missing.length + r.extra.length + r.placeholders.length > 0);
    expect(reports, formatParity(reports)).toEqual([]);
  });
});
