import { act, renderHook, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import commonEn from '../locales/en/common.json';
import { initI18nInMemory } from './init.ts';
import { langFromSearch, useLangQueryParam } from './useLangQueryParam.ts';

function setup(lang?: string) {
  const i18n = initI18nInMemory({
    app: 'public',
    lang,
    resources: { en: { common: commonEn }, fr: { common: { shell: { signOut: 'Se déconnecter' } } } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  return { i18n, wrapper };
}

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('langFromSearch', () => {
  it('reads a valid lang parameter only', () => {
    expect(langFromSearch('?lang=fr&x=1')).toBe('fr');
    expect(langFromSearch('?x=1')).toBeUndefined();
    expect(langFromSearch('?lang=%2e%2e%2fx')).toBeUndefined();
  });
});

describe('useLangQueryParam', () => {
  it('switches to the lang of the search string given', async () => {
    const { i18n, wrapper } = setup();
    const { result } = renderHook(() => useLangQueryParam('?lang=fr'), { wrapper });
    expect(result.current).toBe('fr');
    await waitFor(() => expect(i18n.language).toBe('fr'));
    expect(i18n.t('shell.signOut')).toBe('Se déconnecter');
  });

  it('defaults to English when the page has no lang parameter', async () => {
    const { i18n, wrapper } = setup('fr');
    const { result } = renderHook(() => useLangQueryParam(''), { wrapper });
    expect(result.current).toBe('en');
    await waitFor(() => expect(i18n.language).toBe('en'));
  });

  it('reads window.location when no search string is passed, and follows changes', async () => {
    window.history.replaceState(null, '', '/openid/demo?lang=fr');
    const { i18n, wrapper } = setup();
    const { result, rerender } = renderHook(({ search }: { search?: string }) => useLangQueryParam(search), {
      wrapper,
      initialProps: {},
    });
    expect(result.current).toBe('fr');
    await waitFor(() => expect(i18n.language).toBe('fr'));
    act(() => rerender({ search: '?lang=en' }));
    await waitFor(() => expect(i18n.language).toBe('en'));
  });

  it('ignores an invalid lang and uses the fallback', () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => useLangQueryParam('?lang=<script>'), { wrapper });
    expect(result.current).toBe('en');
  });
});
