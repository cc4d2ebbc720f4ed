import i18next, { type i18n as I18n, type Resource } from 'i18next';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import commonEn from '../locales/en/common.json';
import { DEFAULT_LANGUAGE, normaliseLanguage, toLocale } from './locale.ts';
import { COMMON_NS, type TendApp } from './types.ts';

/** Where each app serves its translations: one file per language holding every namespace. */
export const DEFAULT_LOAD_PATH = '/assets/i18n/{{lng}}.json';

/** The message logged (console.error) whenever translations cannot be loaded. */
export const LANGUAGE_INIT_FAILED = 'Problem with language initialization';

/**
 * The packages' namespaces, loaded with the app's from the same file (one request): English is bundled with
 * each package's code (the file has none: an empty namespace), every other language is in the file, so a
 * language chosen at start or switched to shows the packages' words at once.
 */
export const PACKAGE_NS = ['core', 'auth', 'portal', 'domain'] as const;

/** Where the last language chosen on this device is kept (a preference, nothing personal). */
const LANGUAGE_STORAGE_KEY = 'tend.language';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The language last chosen in this browser (changeLanguage keeps it), so the next start, a reload or an
 * offline start, is in that language from its first render. Undefined when none was chosen.
 */
export function rememberedLanguage(): string | undefined {
  try {
    return normaliseLanguage(storage()?.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return undefined;
  }
}

function rememberLanguage(lang: string): void {
  try {
    storage()?.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // private mode or storage full: the language is simply not remembered
  }
}

export interface InitI18nOptions {
  /** The app: its namespace (named after it) is loaded beside `common`. */
  app: TendApp;
  /** The namespaces to load from the file; default `['common', app, ...PACKAGE_NS]`. */
  namespaces?: readonly string[];
  /** The first language; default en. Invalid values fall back to en. */
  lang?: string | null;
  /** URL of a language's file; `{{lng}}` is replaced. Default `/assets/i18n/{{lng}}.json`. */
  loadPath?: string;
  /**
   * Appended as `?v=` so a new deployment's translations are never served from an old cache. Default: the
   * content hash the Vite plugin defines (import.meta.env.VITE_TEND_I18N_VERSION); none in tests.
   */
  version?: string;
  /** In-memory resources (tests, storybook): no HTTP at all. */
  resources?: Resource;
  /** Override fetch (tests). */
  fetch?: typeof fetch;
}

let current: I18n | undefined;

/** The version the Vite plugin defines (the exact expression is replaced at build time). */
function definedVersion(): string | undefined {
  try {
    const version: unknown = import.meta.env.VITE_TEND_I18N_VERSION;
    return typeof version === 'string' && version ? version : undefined;
  } catch {
    return undefined;
  }
}

/** The instance set by the last initI18n (the global i18next instance before that). */
export function getI18n(): I18n {
  return current ?? i18next;
}

/** The Intl locale of the current language (en → en-GB), for Intl.DateTimeFormat and friends. */
export function getLocale(i18n: I18n = getI18n()): string {
  return toLocale(i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE);
}

/** The failures of a load, each once: every namespace of a file that failed reports the same failure. */
function errorsOf(err: unknown): unknown[] {
  if (!err) return [];
  const all: unknown[] = Array.isArray(err) ? err : [err];
  const seen = new Set<string>();
  return all.filter((e) => {
    const key = String(e);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * One request per language although i18next asks once per namespace: the file holds every namespace, so
 * concurrent reads of the same URL share one fetch. A failed fetch is forgotten, so a retry refetches.
 */
function sharedFetch(fetchImpl: typeof fetch) {
  const pending = new Map<string, Promise<{ status: number; statusText: string; body: string }>>();
  return (url: string, init: RequestInit): Promise<Response> => {
    let entry = pending.get(url);
    if (!entry) {
      entry = fetchImpl(url, init).then(async (res) => ({
        status: res.status,
        statusText: res.statusText,
        body: res.ok ? await res.text() : '',
      }));
      pending.set(url, entry);
      const forget = () => pending.delete(url);
      // Forget after this round of reads: failures are retried fresh, later reloads see new content.
      entry.then((r) => (r.status >= 200 && r.status < 300 ? setTimeout(forget, 5000) : forget()), forget);
    }
    return entry.then(
      (r) => new Response(r.status === 204 ? null : r.body, { status: r.status, statusText: r.statusText }),
    );
  };
}

/** Picks one namespace out of the language file `{ common: {...}, <app>: {...} }`. */
export function parseNamespace(data: string, ns: string | string[] | undefined): Record<string, unknown> {
  const all: unknown = JSON.parse(data);
  if (!all || typeof all !== 'object' || Array.isArray(all)) throw new Error('not a JSON object');
  const name = Array.isArray(ns) ? ns[0] : ns;
  const part = name === undefined ? undefined : (all as Record<string, unknown>)[name];
  return part && typeof part === 'object' ? (part as Record<string, unknown>) : {};
}

function followLanguage(instance: I18n) {
  instance.on('languageChanged', (lng) => {
    if (typeof document === 'undefined') return;
    // The language the texts are really in: a language whose file failed falls back to English.
    const shown = instance.resolvedLanguage ?? lng;
    document.documentElement.lang = toLocale(shown);
    document.documentElement.dir = instance.dir(shown);
  });
}

function baseOptions(
  app: TendApp,
  namespaces: readonly string[] | undefined,
  lang: string | null | undefined,
) {
  return {
    lng: normaliseLanguage(lang) ?? DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    load: 'languageOnly' as const,
    ns: [...(namespaces ?? [COMMON_NS, app, ...PACKAGE_NS])],
    defaultNS: COMMON_NS,
    fallbackNS: COMMON_NS,
    interpolation: { escapeValue: false }, // React escapes; user text is never rendered as HTML
    returnNull: false,
    react: { useSuspense: false },
    showSupportNotice: false, // the console carries our own start-up messages only
  };
}

function newInstance(): I18n {
  const instance = i18next.createInstance();
  current = instance;
  followLanguage(instance);
  instance.use(initReactI18next);
  return instance;
}

/**
 * Starts i18next synchronously with in-memory resources (tests, the render helper): ready on return.
 */
export function initI18nInMemory(options: InitI18nOptions & { resources: Resource }): I18n {
  const instance = newInstance();
  void instance.init({
    ...baseOptions(options.app, options.namespaces, options.lang),
    resources: options.resources,
  });
  return instance;
}

/**
 * When English could not be loaded, the common strings bundled with this package stand in (the shell, the
 * error messages, the idle dialog), so people read words rather than keys; the app's own keys show as keys.
 */
function addBundledCommon(instance: I18n): void {
  if (instance.hasResourceBundle(DEFAULT_LANGUAGE, COMMON_NS)) return;
  instance.addResourceBundle(DEFAULT_LANGUAGE, COMMON_NS, commonEn, true, false);
}

/**
 * Starts i18next for an app: translations from `/assets/i18n/{lang}.json`, react-i18next bound.
 * Never rejects: a failure is logged as 'Problem with language initialization' and the app starts with
 * whatever loaded (the bundled English common strings if English failed; app keys show as keys); a
 * success is logged with console.info.
 */
export async function initI18n(options: InitI18nOptions): Promise<I18n> {
  if (options.resources) return initI18nInMemory({ ...options, resources: options.resources });
  const instance = newInstance();
  const base = baseOptions(options.app, options.namespaces, options.lang);
  try {
    const version = options.version ?? definedVersion();
    const backend: HttpBackendOptions = {
      loadPath: options.loadPath ?? DEFAULT_LOAD_PATH,
      ...(version ? { queryStringParams: { v: version } } : {}),
      parse: (data, _lngs, ns) => parseNamespace(data, ns),
      alternateFetch: sharedFetch(options.fetch ?? ((...args) => fetch(...args))),
    };
    instance.use(HttpBackend);
    let failures: unknown[] = [];
    await instance.init<HttpBackendOptions>({ ...base, backend, maxRetries: 2, retryTimeout: 300 }, (err) => {
      failures = errorsOf(err);
    });
    if (failures.length > 0) {
      console.error(LANGUAGE_INIT_FAILED, ...failures);
      addBundledCommon(instance);
    } else {
      console.info(`Language initialized: ${instance.resolvedLanguage ?? instance.language}`);
    }
  } catch (error) {
    console.error(LANGUAGE_INIT_FAILED, error);
  }
  return instance;
}

/**
 * Switches the language, loading its file if needed (every namespace loaded so far, the packages' too), and
 * remembers it in this browser (rememberedLanguage). Never rejects; a failure is logged as
 * 'Problem with language initialization' and the previous texts (or English) stay.
 */
export async function changeLanguage(lang: string, i18n: I18n = getI18n()): Promise<void> {
  const lng = normaliseLanguage(lang) ?? DEFAULT_LANGUAGE;
  try {
    let failures: unknown[] = [];
    await i18n.changeLanguage(lng, (err) => {
      failures = errorsOf(err);
    });
    if (failures.length > 0) console.error(LANGUAGE_INIT_FAILED, ...failures);
    else {
      rememberLanguage(lng);
      console.info(`Language changed: ${lng}`);
    }
  } catch (error) {
    console.error(LANGUAGE_INIT_FAILED, error);
  }
}
