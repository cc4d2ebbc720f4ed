import { describe, expect, it } from 'vitest';
import { checkNamespace, comparePartTranslations, formatParity, packageNamespace } from '@tend/i18n/scan';
import { ErrorCode } from '@tend/api/model';
import { PROBLEM_KINDS } from './problem/toProblem.ts';

/** The package's English words: one file per part, under the part's name. */
const en = packageNamespace(import.meta.dirname) ?? {};

describe('the core namespace (one file per part)', () => {
  const report = checkNamespace({
    src: import.meta.dirname,
    en,
    functions: ['tc'],
    // keys built at run time: the problem messages (by code and kind)
    dynamic: [
      ...Object.values(ErrorCode).map((c) => `problem.codes.${c}`),
      ...PROBLEM_KINDS.map((k) => `problem.kinds.${k}`),
    ],
  });

  it('has a file per subject', () => {
    expect(Object.keys(en)).toEqual(['problem', 'submit']);
  });

  it('has every key the code uses in English', () => {
    expect(report.used).toBeGreaterThan(10);
    expect(report.missing).toEqual([]);
  });
});

describe('the core namespace in Spanish', () => {
  const es = packageNamespace(import.meta.dirname, 'es') ?? {};

  it('has every part (the patient app shows them)', () => {
    expect(Object.keys(es)).toEqual(expect.arrayContaining(['problem', 'submit']));
  });

  it('has exactly the keys and placeholders of English, part by part', () => {
    const reports = comparePartTranslations(en, es, 'es');
    expect(reports, formatParity(reports)).toEqual([]);
  });
});
