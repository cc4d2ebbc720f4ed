import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { initI18nInMemory } from '@tend/i18n';
import { interfaceLanguage, useAccountLanguage } from './accountLanguage.ts';

describe('interfaceLanguage', () => {
  it('is the primary language of the account, when the app offers it', () => {
    expect(interfaceLanguage('es', ['en', 'es'])).toBe('es');
    expect(interfaceLanguage('en-GB', ['en', 'es'])).toBe('en');
    expect(interfaceLanguage('es-MX', ['en', 'es'])).toBe('es');
    expect(interfaceLanguage('es', ['en'])).toBeUndefined();
    expect(interfaceLanguage('not a language', ['en'])).toBeUndefined();
    expect(interfaceLanguage(null, ['en'])).toBeUndefined();
  });
});

describe('useAccountLanguage', () => {
  const resources = { en: { common: { a: 'A' } }, es: { common: { a: 'Á' } } };
  beforeEach(() => {
    initI18nInMemory({ app: 'patient', resources });
  });

  it('switches the interface to the account language when it arrives, and when it changes', async () => {
    const i18n = initI18nInMemory({ app: 'patient', resources });
    const { rerender } = renderHook(({ lang }) => useAccountLanguage(lang, ['en', 'es']), {
      initialProps: { lang: undefined as string | undefined },
    });
    expect(i18n.language).toBe('en');
    rerender({ lang: 'es' });
    await waitFor(() => expect(i18n.language).toBe('es'));
    expect(document.documentElement.lang).toBe('es');
    rerender({ lang: 'en-GB' });
    await waitFor(() => expect(i18n.language).toBe('en'));
  });

  it('leaves a language picked afterwards in this tab until the account language changes', async () => {
    const i18n = initI18nInMemory({ app: 'patient', resources });
    const { rerender } = renderHook(({ lang }) => useAccountLanguage(lang, ['en', 'es']), {
      initialProps: { lang: 'es' },
    });
    await waitFor(() => expect(i18n.language).toBe('es'));
    await i18n.changeLanguage('en');
    rerender({ lang: 'es' });
    expect(i18n.language).toBe('en');
  });

  it('keeps a language the person picked in this tab over an account language read later', async () => {
    const i18n = initI18nInMemory({ app: 'patient', resources });
    const { result, rerender } = renderHook(({ lang }) => useAccountLanguage(lang, ['en', 'es']), {
      initialProps: { lang: undefined as string | undefined },
    });
    await i18n.changeLanguage('es');
    result.current('es');
    rerender({ lang: 'en' }); // the summary, read late, still has the language saved before
    expect(i18n.language).toBe('es');
  });

  it('ignores a language the app does not offer', () => {
    const i18n = initI18nInMemory({ app: 'therapist', resources });
    renderHook(() => useAccountLanguage('es', ['en']));
    expect(i18n.language).toBe('en');
  });
});
