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
