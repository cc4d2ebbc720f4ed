/**
 * Test doubles for the apps' unit tests (`@tend/auth/testing`): a Firebase stand-in that knows a few accounts
 * and accepts the custom tokens `fakeCustomToken` makes (an MSW customToken handler answers one). No real
 * Firebase, no network; the server calls stay the generated ones (mocked with MSW).
 */
import type { IdentityPort } from './session/firebase.ts';
import type { AuthUser } from './session/types.ts';

export interface FakeAccount {
  uid: string;
  email: string;
  password: string;
}

/** The custom token a fake server mints: the session's user as JSON. */
export function fakeCustomToken(user: { uid: string; email: string | null; scopes: readonly string[]; reauthAt?: number | null }): string {
  return JSON.stringify({ fake: 'custom-token', ...user });
}

/** The ID token of a fake password sign-in, as a fake server sees it in the idToken header. */
export function fakePasswordIdToken(uid: string): string {
  return `password-id-token:${uid}`;
}

export interface FakeIdentity extends IdentityPort {
  /** The session's user (null when signed out). */
  current(): AuthUser | null;
}

export function createFakeIdentity(accounts: readonly FakeAccount[], initial: AuthUser | null = null): FakeIdentity {
  let user = initial;
  const listeners = new Set<(u: AuthUser | null) => void>();
  const emit = () => listeners.forEach((l) => l(user));
  return {
    current: () => user,
    onSessionChanged(listener) {
      listeners.add(listener);
      queueMicrotask(() => listener(user));
      return () => listeners.delete(listener);
    },
    async passwordSignIn(email, password) {
      const account = accounts.find((a) => a.email === email.trim().toLowerCase());
      if (!account || account.password !== password) {
        throw Object.assign(new Error('INVALID_LOGIN_CREDENTIALS'), { code: 'auth/invalid-credential' });
      }
      return { idToken: async () => fakePasswordIdToken(account.uid), dispose: async () => undefined };
    },
    async signInWithCustomToken(token) {
      let parsed: { fake?: string; uid: string; email: string | null; scopes: string[]; reauthAt?: number | null };
      try {
        parsed = JSON.parse(token) as typeof parsed;
      } catch {
        throw Object.assign(new Error('INVALID_CUSTOM_TOKEN'), { code: 'auth/invalid-custom-token' });
      }
      if (parsed.fake !== 'custom-token') throw Object.assign(new Error('INVALID_CUSTOM_TOKEN'), { code: 'auth/invalid-custom-token' });
      user = { uid: parsed.uid, email: parsed.email, scopes: parsed.scopes, signedInAt: Date.now(), reauthAt: parsed.reauthAt ?? Date.now() };
      emit();
      return user;
    },
    async getIdToken() {
      return user ? `session-id-token:${user.uid}` : undefined;
    },
    async signOut() {
      user = null;
      emit();
    },
  };
}
