import { describe, it } from 'vitest';
import { expectAppKeysInEnglish } from '@tend/i18n/scan';

describe('translations', () => {
  it('uses only keys that exist in English (common or the admin namespace)', () => {
    expectAppKeysInEnglish('admin', { minUsages: 5 });
  });
});
