import { getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { getRuntimeConfig } from '@tend/config/runtime';

/** Firebase is loaded only by the sign-up module's chunk: this file is never imported by the entry. */
const APP_NAME = 'tend-public-signup';
let auth: Auth | undefined;

export function signupAuth(): Auth {
  if (auth) return auth;
  const config = getRuntimeConfig();
  const app: FirebaseApp =
    getApps().find((a) => a.name === APP_NAME) ??
    initializeApp(
      {
        apiKey: config.firebase.apiKey,
        projectId: config.firebase.projectId,
        authDomain: config.firebase.authDomain,
        ...(config.firebase.appId ? { appId: config.firebase.appId } : {}),
      },
      APP_NAME,
    );
  auth = getAuth(app);
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  return auth;
}

/** The message key of a Firebase Auth error code (unknown codes get the generic message). */
export function firebaseErrorKey(error: unknown) {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  switch (code) {
    case 'auth/email-already-in-use':
      return 'signup.errors.emailInUse' as const;
    case 'auth/invalid-email':
      return 'signup.errors.invalidEmail' as const;
    case 'auth/weak-password':
      return 'signup.errors.weakPassword' as const;
    case 'auth/network-request-failed':
      return 'signup.errors.network' as const;
    case 'auth/too-many-requests':
      return 'signup.errors.tooManyRequests' as const;
    default:
      return 'signup.errors.generic' as const;
  }
}
