/**
 * The work features do at the start of a sign-out, while the session's ID token still authorises calls (a
 * feature revoking what it handed out: chat tokens). Callbacks run together, each for at most
 * BEFORE_SIGN_OUT_TIMEOUT_MS; a failure or a slow one never stops the sign-out.
 */
import type { SignOutReason } from './types.ts';

/** Work a feature does before the session ends (see AuthClient.beforeSignOut). */
export type BeforeSignOut = (reason: SignOutReason) => Promise<unknown> | void;

/** The longest a sign-out waits for a before-sign-out callback. */
export const BEFORE_SIGN_OUT_TIMEOUT_MS = 3000;

export function createBeforeSignOut() {
  const callbacks = new Set<BeforeSignOut>();
  return {
    /** Registers a callback; returns the unregister. */
    add(callback: BeforeSignOut): () => void {
      callbacks.add(callback);
      return () => void callbacks.delete(callback);
    },
    /** Each callback, bounded in time; failures are logged, never thrown. */
    run(reason: SignOutReason): Promise<unknown> {
      return Promise.all(
        [...callbacks].map(async (callback) => {
          let timer: ReturnType<typeof setTimeout> | undefined;
          try {
            await Promise.race([
              Promise.resolve().then(() => callback(reason)),
              new Promise<void>((resolve) => (timer = setTimeout(resolve, BEFORE_SIGN_OUT_TIMEOUT_MS))),
            ]);
          } catch (error) {
            console.warn('A before-sign-out step failed', error);
          } finally {
            clearTimeout(timer);
          }
        }),
      );
    },
  };
}
