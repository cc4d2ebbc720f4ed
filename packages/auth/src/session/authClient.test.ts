import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeIdentity, memoryStorage, sessionUser } from '../test/fakes.ts';
import { MAX_SESSION_MS } from '../idle/idleTimer.ts';
import { BEFORE_SIGN_OUT_TIMEOUT_MS, createAuthClient } from './authClient.ts';

afterEach(() => vi.restoreAllMocks());

const therapist = { required: ['therapist'], optional: ['lead-therapist'] };

describe('AuthClient', () => {
  it('restores a session of this app', async () => {
    const identity = fakeIdentity(sessionUser(['therapist']));
    const client = createAuthClient({ identity: identity.port, api: fakeApi(), scopes: therapist });
    expect(client.getSnapshot().status).toBe('loading');
    const snapshot = await client.ready();
    expect(snapshot).toMatchObject({ status: 'signedIn', user: { uid: 'u1' } });
    expect(await client.getIdToken()).toBe('session-id-token');
  });

  it('is signed out when nothing is restored', async () => {
    const client = createAuthClient({ identity: fakeIdentity().port, api: fakeApi(), scopes: therapist });
    expect(await client.ready()).toEqual({ status: 'signedOut', user: null, reason: undefined });
    expect(await client.getIdToken()).toBeUndefined();
  });

  it('signs out a restored session of another app (a patient token in the therapist console)', async () => {
    const identity = fakeIdentity(sessionUser(['patient']));
    const client = createAuthClient({ identity: identity.port, api: fakeApi(), scopes: therapist });
    const snapshot = await client.ready();
    expect(snapshot).toMatchObject({ status: 'signedOut', reason: 'refused' });
    expect(identity.port.signOut).toHaveBeenCalled();
  });

  it('ends a restored session older than 12 hours', async () => {
    const identity = fakeIdentity(
      sessionUser(['therapist'], { signedInAt: Date.now() - MAX_SESSION_MS - 1000 }),
    );
    const client = createAuthClient({ identity: identity.port, api: fakeApi(), scopes: therapist });
    expect(await client.ready()).toMatchObject({ status: 'signedOut', reason: 'expired' });
  });

  it('signs out: the queries stopped while signed in, then server logout, Firebase sign-out, and the query cache cleared', async () => {
    const identity = fakeIdentity(sessionUser(['therapist']));
    const api = fakeApi();
    const order: string[] = [];
    vi.mocked(api.logout).mockImplementation(async () => void order.push('logout'));
    vi.mocked(identity.port.signOut).mockImplementation(async () => {
      order.push('firebase');
      identity.setUser(null);
    });
    const clear = vi.fn(() => order.push('clear'));
    const stop = vi.fn(async () => {
      expect(client.getSnapshot().status).toBe('signedIn');
      order.push('stop queries');
    });
    const client = createAuthClient({
      identity: identity.port,
      api,
      scopes: therapist,
      onSigningOut: stop,
      onSignedOut: clear,
    });
    await client.ready();
    vi.mocked(identity.port.signOut).mockImplementation(async () => {
      order.push('firebase');
      // Between the server logout and the end of the Firebase session, no call gets the ending token.
      expect(await client.getIdToken()).toBeUndefined();
      identity.setUser(null);
    });
    await client.signOut('idle');
    expect(order).toEqual(['stop queries', 'logout', 'firebase', 'clear']);
    expect(client.getSnapshot()).toEqual({ status: 'signedOut', user: null, reason: 'idle' });
  });

  it('runs the before-sign-out callbacks first, while signed in; a failing or slow one never stops the sign-out', async () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const identity = fakeIdentity(sessionUser(['therapist']));
      const api = fakeApi();
      const order: string[] = [];
      vi.mocked(api.logout).mockImplementation(async () => void order.push('logout'));
      const client = createAuthClient({ identity: identity.port, api, scopes: therapist });
      await client.ready();
      const revoke = vi.fn(async () => {
        order.push(`revoke while ${client.getSnapshot().status}`);
      });
      client.beforeSignOut(revoke);
      client.beforeSignOut(() => Promise.reject(new Error('offline')));
      client.beforeSignOut(() => new Promise(() => {})); // never settles
      const removed = vi.fn();
      client.beforeSignOut(removed)();
      const done = client.signOut('idle');
      await vi.advanceTimersByTimeAsync(BEFORE_SIGN_OUT_TIMEOUT_MS);
      await done;
      expect(order).toEqual(['revoke while signedIn', 'logout']);
      expect(revoke).toHaveBeenCalledWith('idle');
      expect(removed).not.toHaveBeenCalled();
      expect(client.getSnapshot()).toMatchObject({ status: 'signedOut', reason: 'idle' });

      // A session that is not signed in has nothing to revoke.
      await client.signOut();
      expect(revoke).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('still signs out locally when the server logout fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const identity = fakeIdentity(sessionUser(['therapist']));
    const api = fakeApi({ logout: vi.fn().mockRejectedValue(new TypeError('Failed to fetch')) });
    const clear = vi.fn();
    const client = createAuthClient({ identity: identity.port, api, scopes: therapist, onSignedOut: clear });
    await client.ready();
    await client.signOut();
    expect(identity.port.signOut).toHaveBeenCalled();
    expect(clear).toHaveBeenCalledWith('user');
    expect(client.getSnapshot().status).toBe('signedOut');
  });

  it('signs in through the flow; the password sign-in is the token provider only until then', async () => {
    const identity = fakeIdentity();
    let tokenDuringCall: string | undefined;
    const api = fakeApi({
      customToken: vi.fn(async (request) => {
        tokenDuringCall = await client.getIdToken();
        expect(request).toEqual({
          idToken: 'password-id-token',
          scopes: ['therapist', 'lead-therapist'],
          mfaChallengeResponse: undefined,
        });
        return JSON.stringify(sessionUser(['therapist']));
      }),
    });
    const client = createAuthClient({ identity: identity.port, api, scopes: therapist });
    await client.ready();
    const flow = client.createSignInFlow();
    await flow.submitCredentials('therapist@example.com', 'right');
    expect(tokenDuringCall).toBe('password-id-token');
    expect(flow.getState().step).toBe('signedIn');
    expect(client.getSnapshot().status).toBe('signedIn');
    expect(await client.getIdToken()).toBe('session-id-token');
  });

  it('re-authenticates with freshCustomToken without ending the session when it fails', async () => {
    const identity = fakeIdentity(sessionUser(['therapist', 'lead-therapist']));
    const api = fakeApi();
    const client = createAuthClient({ identity: identity.port, api, scopes: therapist });
    await client.ready();
    const wrong = client.createReauthFlow();
    await wrong.submitCredentials('therapist@example.com', 'nope');
    expect(wrong.getState().problem?.key).toBe('invalidCredentials');
    expect(client.getSnapshot().status).toBe('signedIn');
    const flow = client.createReauthFlow();
    await flow.submitCredentials('therapist@example.com', 'right');
    expect(api.freshCustomToken).toHaveBeenCalledWith({
      idToken: 'password-id-token',
      scopes: ['therapist', 'lead-therapist'],
      mfaChallengeResponse: undefined,
    });
    expect(api.customToken).not.toHaveBeenCalled();
    expect(identity.port.signOut).not.toHaveBeenCalled();
  });

  it('asks the server to mail a reset link', async () => {
    const api = fakeApi();
    const client = createAuthClient({ identity: fakeIdentity().port, api, scopes: therapist });
    await client.requestPasswordChange(' someone@example.com ', 'en');
    expect(api.requestPasswordChange).toHaveBeenCalledWith('someone@example.com', 'en');
  });

  const patient = { required: ['patient'] };

  it('signs in with a hand-over from another app: redeemed once, the session this app needs', async () => {
    const identity = fakeIdentity();
    const api = fakeApi();
    const client = createAuthClient({ identity: identity.port, api, scopes: patient, storage: undefined });
    await client.ready();
    const user = await client.signInWithHandover('h-1');
    expect(api.redeemHandover).toHaveBeenCalledWith('h-1');
    expect(user).toMatchObject({ uid: 'u1', scopes: ['patient'] });
    expect(client.getSnapshot()).toMatchObject({ status: 'signedIn', user: { uid: 'u1' } });
  });

  it('signs any other session of the tab out first, and keeps nothing from a hand-over of another app', async () => {
    const identity = fakeIdentity(sessionUser(['patient'], { uid: 'someone-else' }));
    const api = fakeApi({ redeemHandover: vi.fn(async () => JSON.stringify(sessionUser(['therapist']))) });
    const client = createAuthClient({ identity: identity.port, api, scopes: patient, storage: undefined });
    await client.ready();
    await expect(client.signInWithHandover('h-2')).rejects.toThrow();
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(client.getSnapshot().status).toBe('signedOut');
  });

  it('rejects a used or expired hand-over and stays signed out', async () => {
    const api = fakeApi({ redeemHandover: vi.fn(async () => Promise.reject(new Error('invalid_token'))) });
    const client = createAuthClient({
      identity: fakeIdentity().port,
      api,
      scopes: patient,
      storage: undefined,
    });
    await client.ready();
    await expect(client.signInWithHandover('used')).rejects.toThrow('invalid_token');
    expect(client.getSnapshot().status).toBe('signedOut');
  });
});

describe('the 12-hour session', () => {
  it('is not restarted by a re-authentication, and is by a new sign-in', async () => {
    const t0 = Date.now() - 3 * 60 * 60_000;
    const identity = fakeIdentity();
    const api = fakeApi({
      customToken: vi.fn(async () => JSON.stringify(sessionUser(['therapist'], { signedInAt: t0 }))),
      freshCustomToken: vi.fn(async () =>
        JSON.stringify(sessionUser(['therapist'], { signedInAt: Date.now() })),
      ),
    });
    const client = createAuthClient({
      identity: identity.port,
      api,
      scopes: therapist,
      storage: memoryStorage(),
    });
    await client.ready();
    await client.createSignInFlow().submitCredentials('therapist@example.com', 'right');
    expect(client.getSnapshot().user?.signedInAt).toBe(t0);

    const reauth = client.createReauthFlow();
    await reauth.submitCredentials('therapist@example.com', 'right');
    expect(reauth.getState().step).toBe('signedIn');
    expect(client.getSnapshot().user?.signedInAt).toBe(t0);

    await client.signOut();
    vi.mocked(api.customToken).mockImplementation(async () => JSON.stringify(sessionUser(['therapist'])));
    await client.createSignInFlow().submitCredentials('therapist@example.com', 'right');
    expect(client.getSnapshot().user!.signedInAt).toBeGreaterThan(t0 + 60 * 60_000);
  });
});
