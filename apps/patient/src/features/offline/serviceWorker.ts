import type { Workbox } from 'workbox-window';

/**
 * The service worker (vite-plugin-pwa's generated /sw.js: the app shell, every chunk, the translations and
 * the crisis panel precached) is registered from the app's own script, never inline, so it fits a strict CSP
 * (`script-src 'self'`, `worker-src 'self'`); under Trusted Types its URL goes through the `tend-sw` policy.
 * A new version waits (never skipWaiting on its own): the person is told and reloads when they choose, so an
 * open tab (and a form being filled in) is never swapped from under them.
 */
type TrustedTypesWindow = Window & {
  trustedTypes?: {
    createPolicy(
      name: string,
      rules: { createScriptURL(url: string): string },
    ): { createScriptURL(url: string): unknown };
  };
};

const SW_URL = '/sw.js';

type ScriptUrl = ConstructorParameters<typeof Workbox>[0];

function scriptUrl(): ScriptUrl {
  const tt = (window as TrustedTypesWindow).trustedTypes;
  if (!tt) return SW_URL;
  try {
    const policy = tt.createPolicy('tend-sw', {
      createScriptURL: (url) => {
        if (url !== SW_URL) throw new TypeError(`Not the service worker: ${url}`);
        return url;
      },
    });
    return policy.createScriptURL(SW_URL) as ScriptUrl;
  } catch {
    return SW_URL;
  }
}

type Listener = (apply: () => void) => void;
let registered = false;
let waitingApply: (() => void) | null = null;
const listeners = new Set<Listener>();

/** Registers the service worker once; `onUpdate` is told when a new version waits (with the way to apply it). */
export function registerServiceWorker(onUpdate: Listener): () => void {
  listeners.add(onUpdate);
  if (waitingApply) onUpdate(waitingApply);
  if (!registered && 'serviceWorker' in navigator && import.meta.env.PROD) {
    registered = true;
    // Workbox's window library loads after the first view (registering waits for the page's load anyway).
    import('workbox-window')
      .then(({ Workbox: WorkboxClass }) => {
        const wb = new WorkboxClass(scriptUrl(), { scope: '/' });
        wb.addEventListener('waiting', () => {
          waitingApply = () => {
            wb.addEventListener('controlling', () => window.location.reload());
            wb.messageSkipWaiting();
          };
          for (const l of listeners) l(waitingApply);
        });
        return wb.register();
      })
      .catch((error: unknown) => console.warn('Service worker not registered', error));
    // A tab left on an old version whose chunks are gone: reload once rather than fail to open a page.
    window.addEventListener('vite:preloadError', (event) => {
      const last = Number(sessionStorage.getItem('tend.preloadReload') ?? 0);
      if (Date.now() - last < 10_000) return;
      sessionStorage.setItem('tend.preloadReload', String(Date.now()));
      event.preventDefault();
      window.location.reload();
    });
  }
  return () => listeners.delete(onUpdate);
}
