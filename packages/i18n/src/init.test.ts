import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import commonEn from '../locales/en/common.json';
import {
  changeLanguage,
  getI18n,
  getLocale,
  initI18n,
  initI18nInMemory,
  LANGUAGE_INIT_FAILED,
  parseNamespace,
  rememberedLanguage,
} from './init.ts';

const files: Record<string, unknown> = {
  '/assets/i18n/en.json': { common: commonEn, patient: { Greeting: 'Hello {{name}}' } },
  '/assets/i18n/fr.json': {
    common: { Error_SomethingWentWrong: 'Un problème est survenu.' },
    patient: {},
    auth: { signIn: { title: 'Connexion' } },
    domain: { screening: { names: { phq9: 'PHQ-9 (fr)' } } },
  },
};

function fakeFetch(table: Record<string, unknown> = files) {
  return vi.fn(async (url: string | URL | Request) => {
    const body = table[String(url)];
    return body === undefined
      ? new Response('not found', { status: 404, statusText: 'Not Found' })
      : new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
}

let info: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  info = vi.spyOn(console, 'info').mockImplementation(() => {});
  error = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('initI18n', () => {
  it('loads common and the app namespace from /assets/i18n/en.json with one request and logs success', async () => {
    const fetch = fakeFetch();
    const i18n = await initI18n({ app: 'patient', fetch });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/assets/i18n/en.json');
    expect(i18n.t('Error_SomethingWentWrong')).toBe('Something bad happened; please try again later.');
    expect(i18n.t('patient:Greeting', { name: 'Sam' } as never)).toBe('Hello Sam');
    // the app namespace falls back to common
    expect(i18n.getFixedT(null, 'patient' as never)('shell.signOut')).toBe('Sign out');
    expect(i18n.language).toBe('en');
    expect(getLocale(i18n)).toBe('en-GB');
    expect(getI18n()).toBe(i18n);
    expect(document.documentElement.lang).toBe('en-GB');
    expect(info).toHaveBeenCalledWith('Language initialized: en');
    expect(error).not.toHaveBeenCalled();
  });

  it('appends the translations version so a deployment is never served stale texts', async () => {
    const fetch = vi.fn(async (url: string | URL | Request) =>
      String(url) === '/assets/i18n/en.json?v=abc123'
        ? new Response(JSON.stringify(files['/assets/i18n/en.json']), { status: 200 })
        : new Response('', { status: 404 }),
    );
    const i18n = await initI18n({ app: 'patient', fetch, version: 'abc123' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(i18n.t('shell.signOut')).toBe('Sign out');
  });

  it('starts in the language asked for', async () => {
    const i18n = await initI18n({ app: 'patient', lang: 'fr', fetch: fakeFetch() });
    expect(i18n.t('Error_SomethingWentWrong')).toBe('Un problème est survenu.');
    // keys missing in French fall back to English
    expect(i18n.t('shell.signOut')).toBe('Sign out');
    expect(getLocale(i18n)).toBe('fr');
  });

  it('still starts when English cannot be loaded: logs the failure, common strings from the bundle, app keys as keys', async () => {
    const i18n = await initI18n({ app: 'public', fetch: fakeFetch({}) });
    expect(error).toHaveBeenCalledWith(LANGUAGE_INIT_FAILED, expect.anything()); // once, although every namespace failed
    expect(info).not.toHaveBeenCalled();
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.t('shell.signOut')).toBe('Sign out');
    expect(i18n.t('Error_SomethingWentWrong')).toBe('Something bad happened; please try again later.');
    expect(i18n.getFixedT(null, 'public' as never)('InstallGuideIntro' as never)).toBe('InstallGuideIntro');
  });

  it('retries a network failure twice before giving up', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const pending = initI18n({ app: 'public', fetch, namespaces: ['common'] });
    await vi.advanceTimersByTimeAsync(2000);
    await pending;
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(error).toHaveBeenCalledWith(LANGUAGE_INIT_FAILED, expect.anything());
  });

  it('logs a file that is not JSON as a failure', async () => {
    const fetch = vi.fn(async () => new Response('<html>', { status: 200 }));
    const i18n = await initI18n({ app: 'public', fetch });
    expect(error).toHaveBeenCalledWith(LANGUAGE_INIT_FAILED, expect.anything()); // once, although every namespace failed
    expect(i18n.t('Error_SomethingWentWrong')).toBe('Something bad happened; please try again later.');
  });

  it('refuses an invalid language and starts in English', async () => {
    const fetch = fakeFetch();
    const i18n = await initI18n({ app: 'patient', lang: '../secrets', fetch });
    expect(i18n.language).toBe('en');
    expect(fetch.mock.calls.map((c) => c[0])).toEqual(['/assets/i18n/en.json']);
  });
});

describe('changeLanguage', () => {
  it('switches language and locale, and logs', async () => {
    const i18n = await initI18n({ app: 'patient', fetch: fakeFetch() });
    await changeLanguage('fr', i18n);
    expect(i18n.language).toBe('fr');
    expect(i18n.t('Error_SomethingWentWrong')).toBe('Un problème est survenu.');
    expect(document.documentElement.lang).toBe('fr');
    expect(info).toHaveBeenLastCalledWith('Language changed: fr');
  });

  it("shows the packages' words of the language at once: they come in the same file, with no further request", async () => {
    const fetch = fakeFetch();
    const i18n = await initI18n({ app: 'patient', fetch });
    // English is bundled with each package (registered at first use), not in the file
    i18n.addResourceBundle('en', 'auth', { signIn: { title: 'Sign in' } }, true, false);
    expect(i18n.t('auth:signIn.title' as never)).toBe('Sign in');
    await changeLanguage('fr', i18n);
    expect(i18n.t('auth:signIn.title' as never)).toBe('Connexion');
    expect(i18n.t('domain:screening.names.phq9' as never)).toBe('PHQ-9 (fr)');
    expect(fetch.mock.calls.map((c) => String(c[0]))).toEqual([
      '/assets/i18n/en.json',
      '/assets/i18n/fr.json',
    ]);
  });

  it('remembers the language chosen, for the next start in this browser', async () => {
    window.localStorage.removeItem('tend.language');
    expect(rememberedLanguage()).toBeUndefined();
    const i18n = await initI18n({ app: 'patient', fetch: fakeFetch() });
    await changeLanguage('fr', i18n);
    expect(rememberedLanguage()).toBe('fr');
    await changeLanguage('de', i18n); // cannot be loaded: not remembered
    expect(rememberedLanguage()).toBe('fr');
    window.localStorage.removeItem('tend.language');
  });

  it('logs a language that cannot be loaded and keeps English texts', async () => {
    const i18n = await initI18n({ app: 'patient', fetch: fakeFetch() });
    await changeLanguage('de', i18n);
    expect(error).toHaveBeenCalledWith(LANGUAGE_INIT_FAILED, expect.anything()); // once, although every namespace failed
    expect(i18n.t('shell.signOut')).toBe('Sign out');
    // the page says which language its texts are in: still English
    expect(document.documentElement.lang).toBe('en-GB');
    expect(getLocale(i18n)).toBe('en-GB');
  });
});

describe('initI18nInMemory', () => {
  it('is ready synchronously, without HTTP', () => {
    const i18n = initI18nInMemory({
      app: 'admin',
      resources: { en: { common: commonEn, admin: { X: 'Y' } } },
    });
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.t('idle.warning', { count: 1 })).toBe(
      'For your privacy, you will be signed out in 1 second.',
    );
    expect(i18n.t('idle.warning', { count: 30 })).toBe(
      'For your privacy, you will be signed out in 30 seconds.',
    );
    expect(i18n.t('admin:X' as never)).toBe('Y');
    // keys are typed from the English resources
    // @ts-expect-error not a key of common
    expect(i18n.t('no.such.key')).toBe('no.such.key');
  });
});

describe('parseNamespace', () => {
  it('picks a namespace and tolerates a missing one', () => {
    expect(parseNamespace('{"common":{"a":"b"}}', 'common')).toEqual({ a: 'b' });
    expect(parseNamespace('{"common":{"a":"b"}}', ['public'])).toEqual({});
    expect(() => parseNamespace('[1]', 'common')).toThrow();
  });
});
