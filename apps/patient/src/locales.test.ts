import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectAppKeysInEnglish } from '@tend/i18n/scan';

describe('translations', () => {
  it('uses only keys that exist in English (common or the patient namespace)', () => {
    expectAppKeysInEnglish('patient', { minUsages: 5 });
  });

  it('has every feature in each language the app offers (the patient app: English and Spanish)', () => {
    const features = resolve(import.meta.dirname, 'features');
    const withoutSpanish = readdirSync(features).filter(
      (f) =>
        existsSync(resolve(features, f, 'locales/en.json')) &&
        !existsSync(resolve(features, f, 'locales/es.json')),
    );
    expect(withoutSpanish).toEqual([]);
    expect(existsSync(resolve(import.meta.dirname, 'locales/es.json'))).toBe(true);
  });
});
