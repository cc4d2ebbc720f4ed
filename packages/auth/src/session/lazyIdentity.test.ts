import { describe, expect, it, vi } from 'vitest';
import type { IdentityPort } from './firebase.ts';
import { hasStoredSession, lazyIdentity, onFirstInteraction } from './lazyIdentity.ts';
import type { AuthUser } from './types.ts';

const user: AuthUser = {
  uid: 'u1',
  email: 'a@example.com',
  scopes: ['patient'],
  signedInAt: 1,
  reauthAt: null,
};

function fakeFirebase() {
  let listener: ((u: AuthUser | null) => void) | undefined;
  const port: IdentityPort = {
    onSessionChanged: vi.fn((l) => {
      listener = l;
      return () => (listener = undefined);
    }),
    passwordSignIn: vi.fn(async () => ({ idToken: async () => 'password-token', dispose: async () => {} })),
    signInWithCustomToken: vi.fn(async () => {
      listener?.(user);
      return user;
    }),
    getIdToken: vi.fn(async () => 'session-token'),
    signOut: vi.fn(async () => listener?.(null)),
  };
  return { port, emit: (u: AuthUser | null) => listener?.(u) };
}

describe('lazyIdentity', () => {
  it('without a stored session: signed out at once, and Firebase is not loaded for it', async () => {
    const load = vi.fn(async () => fakeFirebase().port);
    const identity = lazyIdentity(load, { hasSession: false, warmUp: () => {} });
    const seen: Array<AuthUser | null> = [];
    identity.onSessionChanged((u) => seen.push(u));
    expect(seen).toEqual([null]);
    expect(await identity.getIdToken()).toBeUndefined();
    await identity.signOut();
    expect(load).not.toHaveBeenCalled();
  });

  it('loads Firebase for a sign-in, then follows its session changes', async () => {
    const firebase = fakeFirebase();
    const load = vi.fn(async () => firebase.port);
    const identity = lazyIdentity(load, { hasSession: false, warmUp: () => {} });
    const seen: Array<AuthUser | null> = [];
    identity.onSessionChanged((u) => seen.push(u));
    const pending = await identity.passwordSignIn('a@example.com', 'secret');
    expect(await pending.idToken()).toBe('password-token');
    await identity.signInWithCustomToken('custom');
    expect(seen).toEqual([null, user]);
    expect(await identity.getIdToken()).toBe('session-token');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('with a stored session: loads Firebase at once and reports what it restores', async () => {
    const firebase = fakeFirebase();
    const load = vi.fn(async () => firebase.port);
    const identity = lazyIdentity(load, { hasSession: true, warmUp: () => {} });
    expect(load).toHaveBeenCalledTimes(1);
    const seen: Array<AuthUser | null> = [];
    identity.onSessionChanged((u) => seen.push(u));
    await vi.waitFor(() => expect(firebase.port.onSessionChanged).toHaveBeenCalled());
    firebase.emit(user);
    expect(seen).toEqual([user]);
  });

  it('warms Firebase up when asked (the first interaction), once', async () => {
    let warm: () => void = () => {};
    const load = vi.fn(async () => fakeFirebase().port);
    lazyIdentity(load, { hasSession: false, warmUp: (run) => (warm = run) });
    expect(load).not.toHaveBeenCalled();
    warm();
    warm();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed load of a stored session ends signed out', async () => {
    const identity = lazyIdentity(async () => Promise.reject(new Error('offline')), {
      hasSession: true,
      warmUp: () => {},
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: Array<AuthUser | null> = [];
    identity.onSessionChanged((u) => seen.push(u));
    await vi.waitFor(() => expect(seen).toEqual([null]));
    error.mockRestore();
  });
});

describe('hasStoredSession', () => {
  it("looks for Firebase's session of the app in sessionStorage", () => {
    const storage = new Map<string, string>();
    const store = { getItem: (k: string) => storage.get(k) ?? null };
    expect(hasStoredSession('key-1', store)).toBe(false);
    storage.set('firebase:authUser:key-1:tend', '{}');
    expect(hasStoredSession('key-1', store)).toBe(true);
    expect(hasStoredSession('key-2', store)).toBe(false);
  });
});

describe('onFirstInteraction', () => {
  it('runs once, on the first pointer, key or focus event', () => {
    const run = vi.fn();
    onFirstInteraction(run, document);
    document.dispatchEvent(new Event('focusin'));
    document.dispatchEvent(new Event('keydown'));
    expect(run).toHaveBeenCalledTimes(1);
  });
});
