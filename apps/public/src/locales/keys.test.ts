import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findMissingKeys, formatMissingKeys } from '@tend/i18n/scan';

describe('translations', () => {
  it('uses only keys that exist in English', () => {
    const report = findMissingKeys({
      repoRoot: resolve(import.meta.dirname, '../../../..'),
      apps: ['public'],
      packages: false,
    });
    expect(report.files).toBeGreaterThan(0);
    expect(report.missing, formatMissingKeys(report.missing)).toEqual([]);
  });
});
