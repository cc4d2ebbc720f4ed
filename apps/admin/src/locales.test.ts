import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findMissingKeys, formatMissingKeys } from '@tend/i18n/scan';

describe('translations', () => {
  it('uses only keys that exist in English (common or the admin namespace)', () => {
    const report = findMissingKeys({
      repoRoot: resolve(import.meta.dirname, '../../..'),
      apps: ['admin'],
      packages: false,
    });
    expect(report.usages).toBeGreaterThanOrEqual(5);
    expect(report.missing, formatMissingKeys(report.missing)).toEqual([]);
  });
});
