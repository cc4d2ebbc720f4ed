/**
 * Firebase Auth loaded only when it is needed. A tab that holds no session (Firebase keeps the app's session in
 * sessionStorage) is signed out from the start, so the sign-in page renders without Firebase; Firebase loads
 * when the visitor first interacts with the page (by the time the form is sent it is there) or when a call
 * needs it. A tab that holds a session loads Firebase at once, to restore it.
 */
import type { IdentityPort } from './firebase.ts';

/** The app's Firebase app name (session/firebase.ts): Firebase stores its session as `firebase:authUser:<apiKey>:<name>`. */
export const FIREBASE_APP_NAME = 'tend';

/** Whether this tab's sessionStorage holds a Firebase session of the app. */
export function hasStoredSession(
  apiKey: string,
  storage: Pick<Storage, 'getItem'> | undefined = sessionStorageOrNone(),
): boolean {
  try {
    return Boolean(storage?.getItem(`firebase:authUser:${apiKey}:${FIREBASE_APP_NAME}`));
  } catch {
    return true; // unknown: load Firebase and let it say
  }
}

function sessionStorageOrNone(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The first interaction with the page (a pointer, a key, focus moving into the page). */
export function onFirstInteraction(
  run: () => void,
  target: Pick<Document, 'addEventListener' | 'removeEventListener'> | undefined = globalThis.document,
): void {
  if (!target) return;
  const events = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;
  const once = () => {
    for (const e of events) target.removeEventListener(e, once, true);
    run();
  };
  for (const e of events) target.addEventListener(e, once, { capture: true, passive: true });
}

export interface LazyIdentityOptions {
  /** Whether a session may be restored (hasStoredSession). */
  hasSession: boolean;
  /** When to load Firebase without a session; default the first interaction with the page. */
  warmUp?: (load: () => void) => void;
}

/** An IdentityPort that loads the real one (Firebase) on first need. */
export function lazyIdentity(load: () => Promise<IdentityPort>, options: LazyIdentityOptions): IdentityPort {
  let loading: Promise<IdentityPort> | undefined;
  /** Session listeners waiting for Firebase to be loaded (by a sign-in, a call or the warm-up). */
  const waiting = new Set<(real: Promise<IdentityPort>) => void>();
  const identity = () => {
    if (!loading) {
      loading = load();
      for (const attach of waiting) attach(loading);
      waiting.clear();
    }
    return loading;
  };
  if (options.hasSession) void identity();
  else (options.warmUp ?? onFirstInteraction)(() => void identity().catch(() => undefined));

  return {
    onSessionChanged(listener) {
      let stopped = false;
      let unsubscribe: (() => void) | undefined;
      // Nothing to restore: signed out now, not once Firebase has loaded and said so.
      if (!options.hasSession) listener(null);
      const attach = (real: Promise<IdentityPort>) =>
        real.then(
          (port) => {
            if (!stopped) unsubscribe = port.onSessionChanged(listener);
          },
          (error: unknown) => {
            console.error('Could not load sign-in', error);
            if (!stopped && options.hasSession) listener(null);
          },
        );
      if (loading) void attach(loading);
      else waiting.add(attach);
      return () => {
        stopped = true;
        waiting.delete(attach);
        unsubscribe?.();
      };
    },
    passwordSignIn: async (email, password) => (await identity()).passwordSignIn(email, password),
    signInWithCustomToken: async (token) => (await identity()).signInWithCustomToken(token),
    async getIdToken(forceRefresh) {
      // Signed out and Firebase never needed: no token, and no reason to load it for one.
      if (!loading) return undefined;
      return (await identity()).getIdToken(forceRefresh);
    },
    async signOut() {
      if (loading) await (await identity()).signOut();
    },
  };
}
