/**
 * The app's session: who is signed in (from Firebase), the sign-in and re-authentication flows wired to
 * Firebase and the server, sign-out, and the token provider packages/api calls for every request.
 * Independent of React; AuthProvider exposes it through useAuth().
 */
import {
  createSignInFlow,
  grantsApp,
  type ScopeRequest,
  type SignInFlow,
  type SignInPorts,
} from '../flow/signInFlow.ts';
import type { MfaOption } from '../flow/mfaOptions.ts';
import { MAX_SESSION_MS } from '../idle/idleTimer.ts';
import type { IdentityPort, PendingSignIn } from './firebase.ts';
import type { AuthSnapshot, AuthUser, SignOutReason } from './types.ts';
import { createBeforeSignOut, type BeforeSignOut } from './beforeSignOut.ts';
import { createSessionStart, defaultSessionStorage } from './sessionStart.ts';

export { BEFORE_SIGN_OUT_TIMEOUT_MS, type BeforeSignOut } from './beforeSignOut.ts';

/** The server's identity calls @tend/auth uses (implemented with the generated client in api.ts). */
export interface IdentityApi {
  /** GET /iams/auth/customToken?scope=… with headers idToken (and mfaChallengeResponse). */
  customToken(request: CustomTokenRequest): Promise<string>;
  /** GET /iams/auth/freshCustomToken, same headers: re-authentication. */
  freshCustomToken(request: CustomTokenRequest): Promise<string>;
  /** GET /iams/mfa/options (bearer: the session, or the sign-in waiting for its second factor). */
  mfaOptions(): Promise<MfaOption[]>;
  /** GET /iams/mfa/email/challenge: mails a code; its challenge id answers the challenge. */
  sendEmailCode(): Promise<{ challengeId: string }>;
  /** GET /iams/auth/logout: revokes the user's refresh tokens. */
  logout(): Promise<void>;
  /** POST /iams/account-details/action/request-change-password. */
  requestPasswordChange(emailAddress: string, language: string): Promise<void>;
  /** POST /iams/auth/handover: a sign-in hand-over from another of Tend's apps, as a custom token. */
  redeemHandover(handover: string): Promise<string>;
}

export interface CustomTokenRequest {
  idToken: string;
  scopes: readonly string[];
  mfaChallengeResponse?: string | undefined;
}

export interface AuthClientOptions {
  identity: IdentityPort;
  api: IdentityApi;
  /** The scopes this app asks for. */
  scopes: ScopeRequest;
  /**
   * While still signed in, after the before-sign-out callbacks and before the server logout: stop the page's
   * running queries (cancel them here), so none of them is sent with a token that is ending.
   */
  onSigningOut?: (reason: SignOutReason) => Promise<unknown> | void;
  /** After every sign-out (clear the query cache here). */
  onSignedOut?: (reason: SignOutReason) => void;
  now?: () => number;
  /** Absolute session limit; default 12 hours. */
  maxSessionMs?: number;
  /**
   * Where the session's start is kept (default sessionStorage), so a re-authentication, whose custom token
   * starts a new Firebase sign-in, does not restart the 12 hours.
   */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
}

export interface AuthClient {
  getSnapshot(): AuthSnapshot;
  subscribe(listener: () => void): () => void;
  /** Resolves once the session is restored (or known absent). */
  ready(): Promise<AuthSnapshot>;
  /** The token provider of packages/api: the session's ID token, or the sign-in waiting for its second factor. */
  getIdToken(): Promise<string | undefined>;
  /** A new sign-in flow (the login page makes one per visit). */
  createSignInFlow(): SignInFlow;
  /** A re-authentication flow for the signed-in user: password (and second factor) → freshCustomToken. */
  createReauthFlow(): SignInFlow;
  /**
   * Before-sign-out callbacks, beforeSignOut (e.g. revoke chat tokens), then server logout, Firebase sign-out,
   * onSignedOut (query cache cleared). Never rejects.
   */
  signOut(reason?: SignOutReason): Promise<void>;
  /**
   * Registers work to do at the start of every sign-out of a signed-in session, while its ID token still
   * authorises calls (a feature revoking what it handed out: chat tokens). Callbacks run together, each at
   * most BEFORE_SIGN_OUT_TIMEOUT_MS; a failure or a slow one never stops the sign-out. Returns the unregister.
   */
  beforeSignOut(callback: BeforeSignOut): () => void;
  requestPasswordChange(email: string, language: string): Promise<void>;
  /**
   * Signs in with a hand-over another of Tend's apps made for this person (the sign-up's last step): a new
   * session, replacing any other in this tab. Rejects when the hand-over is used, expired or unknown, or
   * when its session is not one of this app (nothing is kept then).
   */
  signInWithHandover(handover: string): Promise<AuthUser>;
  readonly scopes: ScopeRequest;
}

export function createAuthClient(options: AuthClientOptions): AuthClient {
  const { identity, api } = options;
  const now = options.now ?? Date.now;
  const maxSessionMs = options.maxSessionMs ?? MAX_SESSION_MS;
  let snapshot: AuthSnapshot = { status: 'loading', user: null };
  const listeners = new Set<() => void>();
  let pending: PendingSignIn | null = null;
  let pendingReason: SignOutReason | undefined;
  let resolveReady: (s: AuthSnapshot) => void = () => {};
  const storage = 'storage' in options ? options.storage : defaultSessionStorage();

  /** The start of this user's session: the first sign-in, not a later re-authentication. */
  const sessionStart = createSessionStart(storage);
  const withSessionStart = (user: AuthUser): AuthUser => {
    const start = sessionStart.get(user.uid);
    return start !== undefined && start < user.signedInAt ? { ...user, signedInAt: start } : user;
  };
  const readyPromise = new Promise<AuthSnapshot>((resolve) => (resolveReady = resolve));

  const set = (next: AuthSnapshot) => {
    snapshot = next;
    if (next.status !== 'loading') resolveReady(next);
    for (const l of listeners) l();
  };

  const dropPending = async () => {
    const p = pending;
    pending = null;
    if (p) await p.dispose().catch(() => undefined);
  };

  const beforeSignOut = createBeforeSignOut();

  let signingOut: Promise<void> | null = null;
  let ending = false;
  async function signOut(reason: SignOutReason = 'user'): Promise<void> {
    if (signingOut) return signingOut;
    signingOut = (async () => {
      pendingReason = reason;
      if (snapshot.status === 'signedIn') {
        await beforeSignOut.run(reason);
        try {
          await options.onSigningOut?.(reason);
        } catch (error) {
          console.warn('Stopping the queries before sign-out failed', error);
        }
        try {
          await api.logout();
        } catch (error) {
          // The local sign-out still happens; the server's tokens expire on their own.
          console.warn('Server logout failed', error);
        }
        // The server has ended the session: no call of the closing page goes out with its token.
        ending = true;
      }
      try {
        await identity.signOut();
      } catch (error) {
        console.error('Firebase sign-out failed', error);
      }
      await dropPending();
      sessionStart.clear();
      set({ status: 'signedOut', user: null, reason });
      pendingReason = undefined;
      try {
        options.onSignedOut?.(reason);
      } catch (error) {
        console.error('onSignedOut failed', error);
      }
    })().finally(() => {
      signingOut = null;
      ending = false;
    });
    return signingOut;
  }

  identity.onSessionChanged((restored: AuthUser | null) => {
    const user = restored && withSessionStart(restored);
    if (!user) {
      if (snapshot.status !== 'signedOut') set({ status: 'signedOut', user: null, reason: pendingReason });
      return;
    }
    if (!grantsApp(user, options.scopes)) {
      // A session of another app (or without scopes) is never this app's session.
      void signOut('refused');
      return;
    }
    if (now() - user.signedInAt >= maxSessionMs) {
      void signOut('expired');
      return;
    }
    set({ status: 'signedIn', user });
  });

  function ports(request: IdentityApi['customToken'], reauthentication: boolean): SignInPorts {
    return {
      async signInWithPassword(email, password) {
        await dropPending();
        const p = await identity.passwordSignIn(email, password);
        pending = p;
        return p.idToken();
      },
      currentIdToken: async () => pending?.idToken(),
      requestCustomToken: (r) => request(r),
      mfaOptions: () => api.mfaOptions(),
      sendEmailCode: () => api.sendEmailCode(),
      async signInWithCustomToken(token) {
        if (!reauthentication) sessionStart.clear();
        const fresh = await identity.signInWithCustomToken(token);
        await dropPending();
        // A new sign-in starts the 12 hours; a re-authentication keeps the session's start.
        if (!reauthentication) sessionStart.set(fresh.uid, fresh.signedInAt);
        const user = withSessionStart(fresh);
        // Known at once, not only when Firebase's listener catches up: the page navigates next.
        if (grantsApp(user, options.scopes)) set({ status: 'signedIn', user });
        return user;
      },
      async signOut() {
        await dropPending();
        if (snapshot.status !== 'signedIn') await identity.signOut().catch(() => undefined);
      },
      now,
    };
  }

  return {
    scopes: options.scopes,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: () => readyPromise,
    async getIdToken() {
      if (ending) return undefined;
      const token = await identity.getIdToken();
      if (token) return token;
      return pending ? pending.idToken() : undefined;
    },
    createSignInFlow: () => createSignInFlow(ports(api.customToken, false), { scopes: options.scopes }),
    createReauthFlow() {
      const user = snapshot.user;
      const held = user ? user.scopes : options.scopes.required;
      const base = ports(api.freshCustomToken, true);
      return createSignInFlow(
        {
          ...base,
          // Re-authentication never signs the session out when it fails: it only drops the password step.
          signOut: () => dropPending(),
        },
        { scopes: { required: [...held] } },
      );
    },
    signOut,
    beforeSignOut: (callback) => beforeSignOut.add(callback),
    requestPasswordChange: (email, language) => api.requestPasswordChange(email.trim(), language),
    async signInWithHandover(handover) {
      if (snapshot.status === 'signedIn') await signOut('user');
      const token = await api.redeemHandover(handover);
      const user = await ports(api.customToken, false).signInWithCustomToken(token);
      if (!grantsApp(user, options.scopes)) {
        await identity.signOut().catch(() => undefined);
        sessionStart.clear();
        throw new Error('The hand-over is not a session of this app.');
      }
      return user;
    },
  };
}
