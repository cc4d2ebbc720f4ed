import { vi } from 'vitest';
import type { IdentityApi } from '../session/authClient.ts';
import type { IdentityPort } from '../session/firebase.ts';
import type { AuthUser } from '../session/types.ts';

/** A Firebase stand-in: password `right` works; a custom token is the JSON of the user it signs in. */
export function fakeIdentity(initial: AuthUser | null = null) {
  let user = initial;
  const listeners = new Set<(u: AuthUser | null) => void>();
  const emit = () => listeners.forEach((l) => l(user));
  const port: IdentityPort = {
    onSessionChanged(listener) {
      listeners.add(listener);
      queueMicrotask(() => listener(user));
      return () => listeners.delete(listener);
    },
    passwordSignIn: vi.fn(async (_email: string, password: string) => {
      if (password !== 'right') throw Object.assign(new Error('wrong'), { code: 'auth/invalid-credential' });
      return { idToken: async () => 'password-id-token', dispose: vi.fn(async () => undefined) };
    }),
    signInWithCustomToken: vi.fn(async (token: string) => {
      user = JSON.parse(token) as AuthUser;
      emit();
      return user;
    }),
    getIdToken: vi.fn(async () => (user ? 'session-id-token' : undefined)),
    signOut: vi.fn(async () => {
      user = null;
      emit();
    }),
  };
  return {
    port,
    setUser(next: AuthUser | null) {
      user = next;
      emit();
    },
  };
}

export function fakeApi(overrides: Partial<IdentityApi> = {}): IdentityApi {
  return {
    customToken: vi.fn(async () => JSON.stringify(sessionUser(['therapist']))),
    freshCustomToken: vi.fn(async () => JSON.stringify(sessionUser(['therapist']))),
    mfaOptions: vi.fn(async () => []),
    sendEmailCode: vi.fn(async () => ({ challengeId: 'ch1' })),
    logout: vi.fn(async () => undefined),
    requestPasswordChange: vi.fn(async () => undefined),
    redeemHandover: vi.fn(async () => JSON.stringify(sessionUser(['patient']))),
    ...overrides,
  };
}

export function sessionUser(scopes: string[], extra: Partial<AuthUser> = {}): AuthUser {
  return {
    uid: 'u1',
    email: 'therapist@example.com',
    scopes,
    signedInAt: Date.now(),
    reauthAt: Date.now(),
    ...extra,
  };
}

/** An ApiError look-alike (status, code, body, details, retryAfter). */
export class FakeApiError extends Error {
  body: Record<string, unknown>;
  constructor(
    public status: number,
    public code: string,
    public details?: Record<string, unknown>,
    extra: Record<string, unknown> = {},
  ) {
    super(code);
    this.body = { code, message: code, ...(details ? { details } : {}), ...extra };
  }
}

/** A storage (sessionStorage's three methods) kept in memory, for one test. */
export function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}
