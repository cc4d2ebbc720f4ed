import type { QueryClient } from '@tanstack/react-query';
import { setTokenProvider } from '@tend/api';
import { getRuntimeConfig } from '@tend/config/runtime';
import { createIdentityApi } from './api.ts';
import type { ScopeRequest } from './flow/signInFlow.ts';
import { IDLE_TIMEOUTS, resolveIdleTimeout } from './idle/idleTimer.ts';
import { createAuthClient, type AuthClient, type IdentityApi } from './session/authClient.ts';
import type { IdentityPort } from './session/firebase.ts';
import { hasStoredSession, lazyIdentity } from './session/lazyIdentity.ts';

export type SignedInApp = 'patient' | 'therapist' | 'admin';

/** What each app asks for: its own scope, plus the extra ones the user may hold. */
export const APP_SCOPES: Record<SignedInApp, ScopeRequest> = {
  patient: { required: ['patient'] },
  therapist: { required: ['therapist'], optional: ['lead-therapist'] },
  admin: { required: ['org-admin'], optional: ['data-export'] },
};

export interface InitAuthOptions {
  app: SignedInApp;
  /** The scopes asked for; default APP_SCOPES[app]. */
  scopes?: ScopeRequest;
  /** Cleared on every sign-out, so no protected data outlives the session. */
  queryClient: Pick<QueryClient, 'cancelQueries' | 'clear'>;
  /** Tests: a fake Firebase. Default: Firebase Auth from the runtime config (emulator in development). */
  identity?: IdentityPort;
  /** Tests: fake server calls. Default: the generated client. */
  api?: IdentityApi;
}

/**
 * Starts sign-in for an app (before render): the AuthClient over Firebase Auth, and the token provider
 * registered with packages/api. Firebase is its own chunk, loaded at once only when this tab holds a session
 * to restore; otherwise the visitor is signed out from the start and Firebase loads on their first
 * interaction with the page or the first call that needs it (session/lazyIdentity.ts), so the sign-in page
 * is on screen without it.
 */
export async function initAuth(options: InitAuthOptions): Promise<AuthClient> {
  const config = getRuntimeConfig();
  const identity =
    options.identity ??
    lazyIdentity(async () => (await import('./session/firebase.ts')).createFirebaseIdentity(config), {
      hasSession: hasStoredSession(config.firebase.apiKey),
    });
  const client = createAuthClient({
    identity,
    api: options.api ?? createIdentityApi(),
    scopes: options.scopes ?? APP_SCOPES[options.app],
    // The page's running queries are cancelled before the token ends (none answers 401 while the shell is
    // still on screen; the client sends no call once the server logout is done), and the cache is emptied
    // once signed out (clearing it earlier would only make the mounted pages fetch again).
    onSigningOut: () => options.queryClient.cancelQueries(),
    onSignedOut: () => options.queryClient.clear(),
  });
  registerTokenProvider(client);
  // Reads the test-only ?idleTimeoutMs= override now, before any redirect drops it from the address.
  if (typeof window !== 'undefined') idleTimeoutFor(options.app);
  return client;
}

/** Registers the client as packages/api's token provider (initAuth does; tests that build a client too). */
export function registerTokenProvider(client: Pick<AuthClient, 'getIdToken'>): void {
  setTokenProvider(async () => (await client.getIdToken()) ?? null);
}

/** The app's idle timeout: config or default, or the test-only `?idleTimeoutMs=` outside production. */
export function idleTimeoutFor(app: SignedInApp): number {
  const config = getRuntimeConfig();
  let storage: Storage | undefined;
  try {
    storage = typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    storage = undefined;
  }
  return resolveIdleTimeout({
    env: config.env,
    configured: config.idleTimeoutMs,
    fallback: IDLE_TIMEOUTS[app],
    search: typeof window === 'undefined' ? '' : window.location.search, // '' when prerendering
    storage,
  });
}
