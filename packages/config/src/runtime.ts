import * as z from 'zod/mini';
import { APP_PORTS, FIREBASE_PROJECT_ID, AUTH_EMULATOR_PORT, SERVER_PORT } from './ports.ts';

/**
 * The apps' runtime configuration. Values come from `VITE_TEND_*` variables (import.meta.env) and are
 * validated once at start-up; a bad value stops the app with a message naming the variable.
 * zod/mini (not the full zod) keeps this out of the budget of every app's initial bundle.
 */
const booleanFlag = z.pipe(
  z.optional(z.enum(['true', 'false', '1', '0', ''])),
  z.transform((v) => v === 'true' || v === '1'),
);

const blankAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalUrl = z.pipe(z.transform(blankAsUndefined), z.optional(z.url()));
const nonEmpty = () => z.string().check(z.minLength(1));

export const RuntimeEnvSchema = z.object({
  VITE_TEND_ENV: z._default(z.enum(['development', 'production', 'test']), 'development'),
  VITE_TEND_API_ROOT: z._default(z.url(), `http://localhost:${SERVER_PORT}`),
  VITE_TEND_STATUS_HOST: optionalUrl,
  VITE_TEND_FIREBASE_API_KEY: z._default(nonEmpty(), 'demo-api-key'),
  VITE_TEND_FIREBASE_PROJECT_ID: z._default(nonEmpty(), FIREBASE_PROJECT_ID),
  VITE_TEND_FIREBASE_AUTH_DOMAIN: z.optional(nonEmpty()),
  VITE_TEND_FIREBASE_APP_ID: z.optional(z.string()),
  VITE_TEND_FIREBASE_MESSAGING_SENDER_ID: z.optional(z.string()),
  /** The Web Push public key of the Firebase project (Cloud Messaging → Web Push certificates). */
  VITE_TEND_PUSH_VAPID_KEY: z.optional(z.string()),
  VITE_TEND_AUTH_EMULATOR: z.optional(z.string()),
  VITE_TEND_APP_SCHEME: z._default(
    z.string().check(z.regex(/^[a-z][a-z0-9+.-]*$/, 'a URI scheme: lower-case letters, digits, + . -')),
    'tend',
  ),
  VITE_TEND_SIGNUP_HOST: z._default(nonEmpty(), 'signup.localhost'),
  /** Where the patient web app is (the sign-up's last step leads there). */
  VITE_TEND_PATIENT_URL: z._default(z.url(), `http://localhost:${APP_PORTS.patient}`),
  /** Where the public site is (the patient sign-in's "New here? Join" leads to its sign-up). */
  VITE_TEND_PUBLIC_URL: z._default(z.url(), `http://localhost:${APP_PORTS.public}`),
  VITE_TEND_MAINTENANCE_BYPASS: booleanFlag,
  VITE_TEND_IDLE_TIMEOUT_MS: z.optional(z.coerce.number().check(z.int(), z.positive())),
});

export interface RuntimeConfig {
  env: 'development' | 'production' | 'test';
  apiRoot: string;
  statusHost: string;
  firebase: { apiKey: string; projectId: string; authDomain: string; appId?: string | undefined };
  /**
   * Firebase Cloud Messaging for this device's push notifications; undefined where the deployment has none
   * (development, tests): then a device is never registered, and the person is told.
   */
  push: { vapidKey: string; messagingSenderId: string; appId: string } | undefined;
  /** Auth emulator URL; undefined in production, where the real Firebase Auth is used. */
  authEmulatorUrl: string | undefined;
  /** The mobile app's deep-link scheme, e.g. `tend` for `tend://`. */
  appScheme: string;
  /** The dedicated sign-up host (compared with the host rule of hosts.ts). */
  signupHost: string;
  /** The patient web app's origin (and path), without a trailing slash. */
  patientUrl: string;
  /** The public site's origin (and path), without a trailing slash. */
  publicUrl: string;
  /** When true the server-status service always reports online. */
  maintenanceBypass: boolean;
  /** Overrides the app's idle timeout (tests use a short one). */
  idleTimeoutMs: number | undefined;
}

export class RuntimeConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid runtime configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'RuntimeConfigError';
  }
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** Validates raw variables (import.meta.env or process.env) into a RuntimeConfig, or throws. */
export function parseRuntimeConfig(raw: Record<string, unknown>): RuntimeConfig {
  const parsed = RuntimeEnvSchema.safeParse(raw);
  if (!parsed.success) {
    throw new RuntimeConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const production = e.VITE_TEND_ENV === 'production';
  const emulator =
    e.VITE_TEND_AUTH_EMULATOR === 'off'
      ? undefined
      : e.VITE_TEND_AUTH_EMULATOR || (production ? undefined : `http://127.0.0.1:${AUTH_EMULATOR_PORT}`);
  if (production && emulator) {
    throw new RuntimeConfigError(['VITE_TEND_AUTH_EMULATOR: the Auth emulator cannot be used in production']);
  }
  if (emulator !== undefined && !z.url().safeParse(emulator).success) {
    throw new RuntimeConfigError([`VITE_TEND_AUTH_EMULATOR: not a URL: ${emulator}`]);
  }
  const apiRoot = trimSlash(e.VITE_TEND_API_ROOT);
  return {
    env: e.VITE_TEND_ENV,
    apiRoot,
    statusHost: trimSlash(e.VITE_TEND_STATUS_HOST ?? apiRoot),
    firebase: {
      apiKey: e.VITE_TEND_FIREBASE_API_KEY,
      projectId: e.VITE_TEND_FIREBASE_PROJECT_ID,
      authDomain: e.VITE_TEND_FIREBASE_AUTH_DOMAIN ?? `${e.VITE_TEND_FIREBASE_PROJECT_ID}.firebaseapp.com`,
      appId: e.VITE_TEND_FIREBASE_APP_ID,
    },
    push:
      e.VITE_TEND_PUSH_VAPID_KEY && e.VITE_TEND_FIREBASE_MESSAGING_SENDER_ID && e.VITE_TEND_FIREBASE_APP_ID
        ? {
            vapidKey: e.VITE_TEND_PUSH_VAPID_KEY,
            messagingSenderId: e.VITE_TEND_FIREBASE_MESSAGING_SENDER_ID,
            appId: e.VITE_TEND_FIREBASE_APP_ID,
          }
        : undefined,
    authEmulatorUrl: emulator,
    appScheme: e.VITE_TEND_APP_SCHEME,
    signupHost: e.VITE_TEND_SIGNUP_HOST.toLowerCase(),
    patientUrl: trimSlash(e.VITE_TEND_PATIENT_URL),
    publicUrl: trimSlash(e.VITE_TEND_PUBLIC_URL),
    maintenanceBypass: e.VITE_TEND_MAINTENANCE_BYPASS,
    idleTimeoutMs: e.VITE_TEND_IDLE_TIMEOUT_MS,
  };
}

let current: RuntimeConfig | undefined;

/** Called once at start-up (main.tsx) with import.meta.env; throws on invalid configuration. */
export function initRuntimeConfig(raw: Record<string, unknown>): RuntimeConfig {
  // zod compiles object parsers with `new Function` when eval is allowed, and probes for it once: under the
  // apps' CSP (no unsafe-eval, Trusted Types) the probe itself is a reported violation. Every app calls this
  // first, so zod never probes.
  z.config({ jitless: true });
  current = parseRuntimeConfig(raw);
  return current;
}

/** The configuration set by initRuntimeConfig; defaults if the app (or a test) never set one. */
export function getRuntimeConfig(): RuntimeConfig {
  current ??= parseRuntimeConfig({});
  return current;
}

/** For tests: replace parts of the configuration. */
export function setRuntimeConfig(partial: Partial<RuntimeConfig>): RuntimeConfig {
  current = { ...getRuntimeConfig(), ...partial };
  return current;
}

/** The mobile app's deep link for a path, e.g. appLink(config, 'open') -> tend://open. */
export function appLink(config: Pick<RuntimeConfig, 'appScheme'>, path = ''): string {
  return `${config.appScheme}://${path.replace(/^\/+/, '')}`;
}
