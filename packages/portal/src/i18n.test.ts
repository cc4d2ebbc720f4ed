import { describe, expect, it } from 'vitest';
import { checkNamespace } from '@tend/i18n/scan';
import en from './locales/en.json';

describe('the portal namespace', () => {
  const report = checkNamespace({ src: import.meta.dirname, en, functions: ['tp', 'portalKey'] });

  it('scans the package sources', () => {
    expect(report.files).toBeGreaterThan(10);
    expect(report.used).toBeGreaterThan(20);
  });

  it('has every key the code uses in English', () => {
    expect(report.missing).toEqual([]);
  });

  it('keeps strings out of the code: no unused keys in English', () => {
    expect(report.unused).toEqual([]);
  });
});
