// firebase-admin, one app per (project, emulator host): verifies ID tokens and session cookies, mints
// custom tokens, manages users. With FIREBASE_AUTH_EMULATOR_HOST (development and tests only — config.ts
// refuses it in production) the Admin SDK talks to the Auth emulator and signs nothing.
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth';

export interface FirebaseSettings {
  projectId: string;
  authEmulatorHost: string | undefined;
}

const apps = new Map<string, Auth>();

/** The firebase-admin Auth of these settings (created once, reused). */
export function firebaseAuth(settings: FirebaseSettings): Auth {
  if (settings.authEmulatorHost) {
    // The Admin SDK reads the emulator host from the environment at each call.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = settings.authEmulatorHost;
  }
  const name = `tend:${settings.projectId}:${settings.authEmulatorHost ?? 'production'}`;
  const existing = apps.get(name);
  if (existing) return existing;
  const app: App =
    getApps().find((a) => a.name === name) ?? initializeApp({ projectId: settings.projectId }, name);
  const auth = getAuth(app);
  apps.set(name, auth);
  return auth;
}

/** Whether the server talks to Firebase at all: the emulator (development, tests that start one) or production. */
export function firebaseConfigured(config: {
  authEmulatorHost: string | undefined;
  isProduction: boolean;
}): boolean {
  return Boolean(config.authEmulatorHost) || config.isProduction;
}

interface JwtVerifier {
  verifyJWT(token: string, isEmulator?: boolean): Promise<DecodedIdToken>;
}

let fallbackWarned = false;

/**
 * Verifies an ID token or a session cookie locally: its claims (audience, issuer, subject, expiry) and, in
 * production, its signature against Google's public keys (fetched once and cached by firebase-admin for
 * as long as Google's Cache-Control says). Revocation is not asked of Firebase: ./validity.ts decides it.
 *
 * firebase-admin's public calls always ask the Auth emulator about revocation (one request per check)
 * when FIREBASE_AUTH_EMULATOR_HOST is set, so with the emulator the SDK's own verifier is called the way
 * its public call does, minus that request (emulator tokens are unsigned). Should a later firebase-admin
 * no longer have it, the public call is used (correct, only slower) and a warning says so.
 */
export async function verifyFirebaseJwt(
  settings: FirebaseSettings,
  kind: 'idToken' | 'sessionCookie',
  token: string,
): Promise<DecodedIdToken> {
  const auth = firebaseAuth(settings);
  if (!settings.authEmulatorHost)
    return kind === 'idToken' ? auth.verifyIdToken(token, false) : auth.verifySessionCookie(token, false);
  const verifier = (auth as unknown as Record<string, JwtVerifier | undefined>)[
    kind === 'idToken' ? 'idTokenVerifier' : 'sessionCookieVerifier'
  ];
  if (typeof verifier?.verifyJWT !== 'function') {
    if (!fallbackWarned)
      console.warn(
        'firebase-admin has no local token verifier any more: emulator tokens are checked with the emulator',
      );
    fallbackWarned = true;
    return kind === 'idToken' ? auth.verifyIdToken(token, false) : auth.verifySessionCookie(token, false);
  }
  return verifier.verifyJWT(token, true);
}

/** Whether an error of firebase-admin means "this credential is not acceptable" (answer 401). */
export function isCredentialError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    [
      'auth/argument-error',
      'auth/id-token-expired',
      'auth/id-token-revoked',
      'auth/invalid-id-token',
      'auth/session-cookie-expired',
      'auth/session-cookie-revoked',
      'auth/invalid-session-cookie-token',
      'auth/user-disabled',
      'auth/user-not-found',
    ].includes(code)
  );
}

/** The REST base of the emulator (sign-in calls in tests and the demo seeding check). */
export function emulatorRestBase(host: string): string {
  return `http://${host}/identitytoolkit.googleapis.com/v1`;
}

/** Whether the emulator answers (demo seeding runs only then). */
export async function emulatorReachable(host: string, timeoutMs = 1500): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(timeoutMs) });
    return response.status < 500;
  } catch {
    return false;
  }
}
