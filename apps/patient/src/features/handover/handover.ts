import type { AuthClient, AuthUser } from '@tend/auth';

/** A hand-over as the server makes it (a base64url token); anything else is never sent. */
const HANDOVER = /^#handover=([A-Za-z0-9_-]{16,200})$/;

/** The hand-over in a URL's fragment, or null. */
export function handoverFrom(hash: string): string | null {
  return HANDOVER.exec(hash)?.[1] ?? null;
}

/**
 * Takes the hand-over out of the address bar and the tab's history at once (it is single use, and a
 * fragment is never sent to a server, but it should not stay where someone else could see it).
 */
export function forgetHandover(): void {
  const { pathname, search, hash } = window.location;
  if (hash) window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}

const started = new Map<string, Promise<AuthUser>>();

/**
 * Signs in with the hand-over once per page, however often the page mounts (a hand-over is single use: a
 * second request would fail and undo nothing, but would show a failure).
 */
export function redeemOnce(client: AuthClient, handover: string): Promise<AuthUser> {
  let signIn = started.get(handover);
  if (!signIn) {
    signIn = client.signInWithHandover(handover);
    started.set(handover, signIn);
  }
  return signIn;
}
