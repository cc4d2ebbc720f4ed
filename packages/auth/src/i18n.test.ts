import { describe, expect, it } from 'vitest';
import { checkNamespace, hasKey } from '@tend/i18n/scan';
import { PROBLEM_KEYS } from './flow/problems.ts';
import en from './locales/en.json';

describe('the auth namespace', () => {
  const report = checkNamespace({
    src: import.meta.dirname,
    en,
    functions: ['ta', 'authKey'],
    dynamic: PROBLEM_KEYS.map((k) => `errors.${k}`),
  });

  it('scans the package sources', () => {
    expect(report.files).toBeGreaterThan(10);
    expect(report.used).toBeGreaterThan(50);
  });

  it('has every key the code uses in English', () => {
    expect(report.missing).toEqual([]);
  });

  it('has a message for every problem', () => {
    const missing = PROBLEM_KEYS.filter((key) => !hasKey([en], `errors.${key}`));
    expect(missing).toEqual([]);
  });

  it('keeps strings out of the code: no unused keys in English', () => {
    expect(report.unused).toEqual([]);
  });
});
