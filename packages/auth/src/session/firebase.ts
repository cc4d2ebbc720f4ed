/**
 * The Firebase side of Tend's sign-in (modular `firebase/auth`).
 *
 * - The app's session lives in the main Auth instance with browserSessionPersistence (sessionStorage, this
 *   tab only; falling back to memory), never localStorage. It only ever holds custom-token sessions: the
 *   ones carrying the scopes the server granted.
 * - The e-mail and password step (sign-in and re-authentication) runs in a second, in-memory Auth instance,
 *   so a half-finished sign-in (waiting for the second factor) is never the app's session and never
 *   persisted.
 * - In development both connect to the Auth emulator (`getRuntimeConfig().authEmulatorUrl`).
 */
import { deleteApp, getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserSessionPersistence,
  connectAuthEmulator,
  inMemoryPersistence,
  initializeAuth,
  onIdTokenChanged,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signOut,
  type Auth,
  type User,
} from 'firebase/auth';
import type { RuntimeConfig } from '@tend/config/runtime';
import { FIREBASE_APP_NAME } from './lazyIdentity.ts';
import type { AuthUser } from './types.ts';

/** A password sign-in that is not (yet) the app's session. */
export interface PendingSignIn {
  idToken(forceRefresh?: boolean): Promise<string>;
  dispose(): Promise<void>;
}

/** What the rest of @tend/auth needs from Firebase (fakes implement it in tests). */
export interface IdentityPort {
  /** Called with the session's user (or null) once restored, then on every change and token refresh. */
  onSessionChanged(listener: (user: AuthUser | null) => void): () => void;
  passwordSignIn(email: string, password: string): Promise<PendingSignIn>;
  /** Makes the custom token the app's session; resolves with its user. */
  signInWithCustomToken(customToken: string): Promise<AuthUser>;
  /** The session's ID token (undefined when signed out). */
  getIdToken(forceRefresh?: boolean): Promise<string | undefined>;
  signOut(): Promise<void>;
}

/** The user of a custom-token session: scopes from the `scopes` claim, start from `auth_time`. */
export async function toAuthUser(user: User): Promise<AuthUser> {
  const result = await user.getIdTokenResult();
  const claims = result.claims as Record<string, unknown>;
  const scopes = Array.isArray(claims.scopes)
    ? claims.scopes.filter((s): s is string => typeof s === 'string')
    : [];
  const authTime =
    typeof claims.auth_time === 'number' ? claims.auth_time * 1000 : Date.parse(result.authTime);
  return {
    uid: user.uid,
    email: user.email,
    scopes: result.signInProvider === 'custom' ? scopes : [],
    signedInAt: Number.isNaN(authTime) ? Date.now() : authTime,
    reauthAt: typeof claims.reauth_at === 'number' ? claims.reauth_at * 1000 : null,
  };
}

function makeAuth(
  app: FirebaseApp,
  persistence: 'session' | 'memory',
  emulatorUrl: string | undefined,
): Auth {
  const auth = initializeAuth(app, {
    persistence:
      persistence === 'session' ? [browserSessionPersistence, inMemoryPersistence] : inMemoryPersistence,
  });
  // disableWarnings: the SDK's emulator banner would be an unlabelled element on every page.
  if (emulatorUrl) connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
  return auth;
}

const MAIN = FIREBASE_APP_NAME;

/** Creates (once per page) the Firebase identity of an app from the runtime configuration. */
export function createFirebaseIdentity(config: RuntimeConfig): IdentityPort & { auth: Auth } {
  const options = {
    apiKey: config.firebase.apiKey,
    projectId: config.firebase.projectId,
    authDomain: config.firebase.authDomain,
    ...(config.firebase.appId ? { appId: config.firebase.appId } : {}),
    // Cloud Messaging (this device's push token, ../push) needs the sender id on the same app.
    ...(config.push ? { messagingSenderId: config.push.messagingSenderId } : {}),
  };
  const existing = getApps().find((a) => a.name === MAIN);
  const app = existing ?? initializeApp(options, MAIN);
  const auth = makeAuth(app, 'session', config.authEmulatorUrl);
  let pendingCount = 0;

  return {
    auth,
    onSessionChanged(listener) {
      let version = 0;
      return onIdTokenChanged(auth, (user) => {
        const mine = ++version;
        if (!user) {
          listener(null);
          return;
        }
        toAuthUser(user).then(
          (u) => mine === version && listener(u),
          (error: unknown) => {
            console.error('Could not read the session', error);
            if (mine === version) listener(null);
          },
        );
      });
    },
    async passwordSignIn(email, password) {
      const name = `${MAIN}-password-${++pendingCount}`;
      const secondary = initializeApp(options, name);
      const secondaryAuth = makeAuth(secondary, 'memory', config.authEmulatorUrl);
      try {
        const credential = await signInWithEmailAndPassword(secondaryAuth, email, password);
        return {
          idToken: (forceRefresh) => credential.user.getIdToken(forceRefresh),
          async dispose() {
            await signOut(secondaryAuth).catch(() => undefined);
            if (getApps().some((a) => a.name === name)) await deleteApp(getApp(name));
          },
        };
      } catch (error) {
        await deleteApp(secondary).catch(() => undefined);
        throw error;
      }
    },
    async signInWithCustomToken(customToken) {
      const credential = await signInWithCustomToken(auth, customToken);
      return toAuthUser(credential.user);
    },
    async getIdToken(forceRefresh) {
      return auth.currentUser ? auth.currentUser.getIdToken(forceRefresh) : undefined;
    },
    signOut: () => signOut(auth),
  };
}
