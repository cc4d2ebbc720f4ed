// firebase-admin, one app per (project, emulator host): verifies ID tokens and session cookies, mints
// custom tokens, manages users. With FIREBASE_AUTH_EMULATOR_HOST (development and tests only — config.ts
// refuses it in production) the Admin SDK talks to the Auth emulator and signs nothing.
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';

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
