/**
 * Where a session's start is kept (sessionStorage by default), so a re-authentication, whose custom token
 * starts a new Firebase sign-in, does not restart the session's 12 hours. Kept per user id; no storage, or a
 * broken one, means the Firebase sign-in time is used.
 */
type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const SESSION_START_KEY = 'tend.sessionStart';

export function defaultSessionStorage(): Store | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function createSessionStart(storage: Store | undefined) {
  return {
    get(uid: string): number | undefined {
      try {
        const raw = storage?.getItem(SESSION_START_KEY);
        const saved = raw ? (JSON.parse(raw) as { uid?: unknown; at?: unknown }) : undefined;
        return saved?.uid === uid && typeof saved.at === 'number' ? saved.at : undefined;
      } catch {
        return undefined;
      }
    },
    set(uid: string, at: number) {
      try {
        storage?.setItem(SESSION_START_KEY, JSON.stringify({ uid, at }));
      } catch {
        // no storage: the Firebase sign-in time is used
      }
    },
    clear() {
      try {
        storage?.removeItem(SESSION_START_KEY);
      } catch {
        // nothing kept
      }
    },
  };
}
