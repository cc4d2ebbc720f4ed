import { describe, expect, it } from 'vitest';
import { normaliseLanguage, toLocale } from './locale.ts';

describe('languages and locales', () => {
  it('maps English to the en-GB locale and keeps other codes', () => {
    expect(toLocale('en')).toBe('en-GB');
    expect(toLocale(undefined)).toBe('en-GB');
    expect(toLocale('en-US')).toBe('en-US');
    expect(toLocale('fr')).toBe('fr');
  });

  it('normalises valid codes and refuses anything else', () => {
    expect(normaliseLanguage('EN')).toBe('en');
    expect(normaliseLanguage('pt_BR')).toBe('pt-BR');
    expect(normaliseLanguage(' de ')).toBe('de');
    expect(normaliseLanguage('../../etc/passwd')).toBeUndefined();
    expect(normaliseLanguage('en.json')).toBeUndefined();
    expect(normaliseLanguage('')).toBeUndefined();
    expect(normaliseLanguage(null)).toBeUndefined();
  });
});
