import * as z from 'zod/mini';
import { APP_PORTS, FIREBASE_PROJECT_ID, AUTH_EMULATOR_PORT, SERVER_PORT } from './ports.ts';
import type { RuntimeConfig } from './runtime.ts';

/**
 * The apps' runtime configuration, read from `VITE_TEND_*` variables when an app is built or served (the shared
 * Vite preset, tendRuntimeConfig in vite.ts): a bad value stops the build with a message naming the variable.
 * The browser receives the finished RuntimeConfig (runtime.ts), so no validator is part of its JavaScript.
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
