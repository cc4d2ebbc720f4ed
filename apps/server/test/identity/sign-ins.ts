// For the identity test files: the identity app and the Auth emulator around the file (identityTestApp), with
// the apps' sign-ins bound to them, so a test says who signs in and how, not the emulator's host again.
import type { TestApp } from '../helpers.ts';
import { signInWithCustomToken, signInWithPassword } from './auth-emulator.ts';
import { DEMO_PASSWORD, identityTestApp, signIn, type SignedIn } from './helpers.ts';

/** identityTestApp, and its sign-ins (call them in a test or a later hook, once the emulator runs). */
export function identitySignIns() {
  const identity = identityTestApp();
  return Object.assign(identity, {
    /** The password sign-in alone: the emulator's ID token (no second factor, no scope yet). */
    passwordToken: (email: string) => signInWithPassword(identity.emulator.host, email, DEMO_PASSWORD),
    /** The full sign-in of the apps with `scopes` (signIn), through this file's app unless `app` is given. */
    signIn: (
      email: string,
      scopes: string[],
      options?: Parameters<typeof signIn>[4],
      app: TestApp = identity.t,
    ): Promise<SignedIn> => signIn(app, identity.emulator.host, email, scopes, options),
    /** The session (ID token) a custom token signs in to. */
    sessionOf: (customToken: string) => signInWithCustomToken(identity.emulator.host, customToken),
  });
}
