import { APP_PORTS, FIREBASE_PROJECT_ID, AUTH_EMULATOR_PORT, SERVER_PORT } from './ports.ts';

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

/**
 * What parseRuntimeConfig({}) gives (runtimeSchema.ts; a test keeps the two equal): the configuration of a
 * local run with no variables set.
 */
export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  env: 'development',
  apiRoot: `http://localhost:${SERVER_PORT}`,
  statusHost: `http://localhost:${SERVER_PORT}`,
  firebase: {
    apiKey: 'demo-api-key',
    projectId: FIREBASE_PROJECT_ID,
    authDomain: `${FIREBASE_PROJECT_ID}.firebaseapp.com`,
    appId: undefined,
  },
  push: undefined,
  authEmulatorUrl: `http://127.0.0.1:${AUTH_EMULATOR_PORT}`,
  appScheme: 'tend',
  signupHost: 'signup.localhost',
  patientUrl: `http://localhost:${APP_PORTS.patient}`,
  publicUrl: `http://localhost:${APP_PORTS.public}`,
  maintenanceBypass: false,
  idleTimeoutMs: undefined,
};

declare global {
  /** The app's RuntimeConfig, put into the build by the shared Vite preset (tendRuntimeConfig). */
  const __TEND_RUNTIME_CONFIG__: RuntimeConfig;
}

let current: RuntimeConfig | undefined;

/**
 * Called once at start-up (main.tsx) with the configuration its build was given (`__TEND_RUNTIME_CONFIG__`,
 * validated by the Vite preset).
 */
export function initRuntimeConfig(config: RuntimeConfig): RuntimeConfig {
  // zod (the forms' and chat events' generated schemas) compiles object parsers with `new Function` when eval
  // is allowed, and probes for it once: under the apps' CSP (no unsafe-eval, Trusted Types) the probe itself is
  // a reported violation. Every app calls this first, so zod never probes. zod keeps its config on globalThis
  // (`z.config` writes there, whichever loads first); setting it here keeps zod's code (~10 KiB) out of every
  // app's initial JavaScript. runtime.test.ts checks that zod reads it.
  const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (zodGlobal.__zod_globalConfig ??= {}).jitless = true;
  current = config;
  return current;
}

/** The configuration set by initRuntimeConfig; the defaults if the app (or a test) never set one. */
export function getRuntimeConfig(): RuntimeConfig {
  current ??= { ...DEFAULT_RUNTIME_CONFIG, firebase: { ...DEFAULT_RUNTIME_CONFIG.firebase } };
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
