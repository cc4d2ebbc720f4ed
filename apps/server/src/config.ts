import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { APP_PORTS, SERVER_PORT, FIREBASE_PROJECT_ID, localOrigins } from '@tend/config/ports';

/** apps/server, whatever the working directory. */
export const SERVER_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const port = z.coerce.number().int().min(0).max(65535);

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(SERVER_PORT),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'a postgres:// URL')
      .optional(),
  ),
  TEND_DATA_DIR: optionalString,
  FIREBASE_AUTH_EMULATOR_HOST: optionalString,
  GCLOUD_PROJECT: z.string().min(1).default(FIREBASE_PROJECT_ID),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** Server secret: signs e-mail update JWTs and other server-issued tokens. Required in production. */
  TEND_SECRET: optionalString,
  /** Where contact requests and welfare e-mails go. */
  TEND_TEAM_EMAIL: z.email().default('team@tend.localhost'),
  TEND_MAIL_FROM: z.string().min(3).default('Tend <no-reply@tend.localhost>'),
  /** Public app origin used in links of e-mails. */
  TEND_PUBLIC_URL: z.url().optional(),
  TEND_PATIENT_APP_URL: z.url().optional(),
  TEND_THERAPIST_APP_URL: z.url().optional(),
  TEND_ADMIN_APP_URL: z.url().optional(),
  /** This server's own public origin (links in e-mails that the server answers itself). */
  TEND_API_URL: z.url().optional(),
  SMTP_HOST: optionalString,
  SMTP_PORT: port.optional(),
  SMTP_SECURE: flag,
  SMTP_USER: optionalString,
  SMTP_PASS: optionalString,
  /** Embedded mail catcher (development and tests only). */
  TEND_MAIL_CATCHER_PORT: port.default(2525),
  TEND_MAIL_CATCHER: z.enum(['on', 'off', '']).optional(),
  /** Maintenance window: epoch milliseconds or an ISO date, and its reason. */
  TEND_MAINTENANCE_AT: optionalString,
  TEND_MAINTENANCE_REASON: optionalString,
  /**
   * Development and tests only: the country GET /regions assumes when a request has no X-Country-Code (which
   * the edge sets in production), to try the region-error page, e.g. TEND_SIMULATE_COUNTRY=US.
   */
  TEND_SIMULATE_COUNTRY: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'an ISO 3166-1 alpha-2 country code')
      .optional(),
  ),
  TEND_BODY_LIMIT: z.coerce.number().int().positive().default(1_048_576),
  // The default time an unacknowledged high-risk alert waits before it escalates, in seconds, for organisations
  // that set no `escalationMinutes` of their own (30 minutes when unset; tests shorten it).
  TEND_ESCALATION_SECONDS: z.coerce.number().int().positive().optional(),
  /** More allowed CORS origins (comma-separated), e.g. the deployed apps' origins. */
  TEND_EXTRA_ORIGINS: optionalString,
  /** The deployed patient, therapist and admin apps' origins (comma-separated; also allowed for CORS). */
  TEND_PORTAL_ORIGINS: optionalString,
  /**
   * Seeding of an empty database: `on` (default) the demo data, `off` none (tests seed explicitly), `large`
   * the demo data and the large benchmark data set (src/db/seed-large/).
   */
  TEND_SEED: z.enum(['on', 'off', 'large', '']).optional(),
  /**
   * Behind a reverse proxy or load balancer: which forwarded client addresses to believe (`true`, a number
   * of hops, or comma-separated addresses/CIDRs of the proxies). Unset: the peer address is the client's.
   * The per-address limits (sign-in, second-factor codes) count the proxy as one client without it.
   */
  TEND_TRUST_PROXY: optionalString,
  /**
   * PostgreSQL connections this instance's pool may open (default 10; at least 2: the boot holds one for
   * its lock). Each instance also holds one more for the event bus: see README, "Deployment".
   */
  TEND_DB_POOL_SIZE: z.coerce.number().int().min(2).max(500).optional(),
  /**
   * `replace`: this instance records its shared settings as the deployment's (src/deployment.ts), when
   * changing them for every instance. Otherwise an instance whose shared settings differ from the recorded
   * ones is refused in production.
   */
  TEND_SHARED_SETTINGS: z.enum(['replace', 'check', '']).optional(),
});

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string | undefined;
  pass?: string | undefined;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** PostgreSQL URL; when absent the embedded PGlite is used. */
  databaseUrl: string | undefined;
  /** PGlite data directory; `memory` keeps everything in memory. */
  dataDir: string;
  authEmulatorHost: string | undefined;
  projectId: string;
  logLevel: string;
  secret: string;
  teamEmail: string;
  mailFrom: string;
  publicUrl: string;
  /** The patient web app: e-mail links for patients who asked from no app origin (e.g. the mobile app). */
  patientAppUrl: string;
  /** The therapist and admin consoles (staff invitations tell people where to sign in). */
  therapistAppUrl: string;
  adminAppUrl: string;
  /** This server's public origin (e-mail links answered by the server, e.g. /email/update/jwt/…). */
  apiUrl: string;
  /** SMTP relay. Undefined in development/tests means the embedded catcher is used. */
  smtp: SmtpConfig | undefined;
  /** Embedded catcher; undefined when off (always off in production). */
  mailCatcher: { port: number } | undefined;
  maintenance: { at: number | undefined; reason: string | null };
  /** GET /regions' country when a request names none (TEND_SIMULATE_COUNTRY; never in production). */
  simulatedCountry: string | undefined;
  bodyLimit: number;
  /** TEND_ESCALATION_SECONDS: the default escalation limit (seconds) where an organisation sets none (30 min). */
  escalationSeconds?: number;
  seedOnStart: boolean;
  /** Also seed the large benchmark data set into an empty database (TEND_SEED=large). */
  seedLarge: boolean;
  /** CORS allow-list: the four app origins on localhost and 127.0.0.1, the sign-up host, TEND_EXTRA_ORIGINS. */
  appOrigins: string[];
  /** The patient, therapist and admin apps' origins: where account e-mail links may open. */
  portalOrigins: string[];
  /** Fastify's trustProxy (TEND_TRUST_PROXY): false, true, a number of hops, or the proxies' addresses. */
  trustProxy: boolean | number | string;
  /** The PostgreSQL pool's size per instance (TEND_DB_POOL_SIZE; default 10). */
  dbPoolSize: number;
  /** TEND_SHARED_SETTINGS=replace: record this instance's shared settings as the deployment's. */
  replaceSharedSettings: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid server configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const DEV_SECRET = 'tend-development-secret-not-for-production-use';

function parseInstant(value: string | undefined, issues: string[]): number | undefined {
  if (value === undefined) return undefined;
  const n = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(n)) {
    issues.push('TEND_MAINTENANCE_AT: epoch milliseconds or an ISO 8601 date');
    return undefined;
  }
  return n;
}

function trustProxyOf(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Validates the environment into a Config, or throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const issues: string[] = [];
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && e.FIREBASE_AUTH_EMULATOR_HOST) {
    issues.push(
      'FIREBASE_AUTH_EMULATOR_HOST is set in production: firebase-admin would accept unsigned tokens. Unset it.',
    );
  }
  if (isProduction && (!e.TEND_SECRET || e.TEND_SECRET.length < 32)) {
    issues.push('TEND_SECRET: required in production, at least 32 characters');
  }
  if (e.TEND_SECRET && e.TEND_SECRET.length < 32) issues.push('TEND_SECRET: at least 32 characters');
  if (isProduction && !e.SMTP_HOST) issues.push('SMTP_HOST: required in production');
  if (isProduction && e.TEND_SIMULATE_COUNTRY)
    issues.push(
      'TEND_SIMULATE_COUNTRY: development and tests only; the edge sets X-Country-Code in production',
    );
  const maintenanceAt = parseInstant(e.TEND_MAINTENANCE_AT, issues);
  const originList = (name: 'TEND_EXTRA_ORIGINS' | 'TEND_PORTAL_ORIGINS') => {
    const list = (e[name] ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean);
    for (const origin of list) {
      if (!/^https?:\/\/[a-z0-9.-]+(:\d+)?$/i.test(origin))
        issues.push(`${name}: ${origin} is not an origin (scheme://host[:port])`);
    }
    return list;
  };
  const extraOrigins = originList('TEND_EXTRA_ORIGINS');
  const deployedPortals = originList('TEND_PORTAL_ORIGINS');
  if (issues.length > 0) throw new ConfigError(issues);

  const dataDir =
    e.TEND_DATA_DIR === 'memory' || (e.TEND_DATA_DIR === undefined && e.NODE_ENV === 'test')
      ? 'memory'
      : resolve(e.TEND_DATA_DIR ?? resolve(SERVER_ROOT, '.data'));
  const catcherOn = !isProduction && e.TEND_MAIL_CATCHER !== 'off' && !e.SMTP_HOST;
  const portalOrigins = [
    ...(['patient', 'therapist', 'admin'] as const).flatMap((app) => [
      `http://localhost:${APP_PORTS[app]}`,
      `http://127.0.0.1:${APP_PORTS[app]}`,
    ]),
    ...deployedPortals,
  ];
  const origins = [...new Set([...localOrigins(), ...portalOrigins, ...extraOrigins])];
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    authEmulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
    projectId: e.GCLOUD_PROJECT,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    secret: e.TEND_SECRET ?? DEV_SECRET,
    teamEmail: e.TEND_TEAM_EMAIL,
    mailFrom: e.TEND_MAIL_FROM,
    publicUrl: (e.TEND_PUBLIC_URL ?? `http://localhost:${APP_PORTS.public}`).replace(/\/+$/, ''),
    patientAppUrl: (e.TEND_PATIENT_APP_URL ?? `http://localhost:${APP_PORTS.patient}`).replace(/\/+$/, ''),
    therapistAppUrl: (e.TEND_THERAPIST_APP_URL ?? `http://localhost:${APP_PORTS.therapist}`).replace(
      /\/+$/,
      '',
    ),
    adminAppUrl: (e.TEND_ADMIN_APP_URL ?? `http://localhost:${APP_PORTS.admin}`).replace(/\/+$/, ''),
    apiUrl: (e.TEND_API_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT ?? 587,
          secure: e.SMTP_SECURE,
          user: e.SMTP_USER,
          pass: e.SMTP_PASS,
        }
      : undefined,
    mailCatcher: catcherOn ? { port: e.TEND_MAIL_CATCHER_PORT } : undefined,
    maintenance: { at: maintenanceAt, reason: e.TEND_MAINTENANCE_REASON ?? null },
    simulatedCountry: e.TEND_SIMULATE_COUNTRY?.toUpperCase(),
    bodyLimit: e.TEND_BODY_LIMIT,
    ...(e.TEND_ESCALATION_SECONDS ? { escalationSeconds: e.TEND_ESCALATION_SECONDS } : {}),
    // Demo accounts have a published password: a production database is seeded only when asked (TEND_SEED=on).
    seedOnStart: isProduction ? e.TEND_SEED === 'on' || e.TEND_SEED === 'large' : e.TEND_SEED !== 'off',
    seedLarge: e.TEND_SEED === 'large',
    appOrigins: origins,
    portalOrigins,
    trustProxy: trustProxyOf(e.TEND_TRUST_PROXY),
    dbPoolSize: e.TEND_DB_POOL_SIZE ?? 10,
    replaceSharedSettings: e.TEND_SHARED_SETTINGS === 'replace',
  };
}

/** A configuration for tests: in-memory database, catcher on a random port, silent logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      TEND_DATA_DIR: 'memory',
      TEND_MAIL_CATCHER_PORT: '0',
      TEND_SEED: 'off',
    }),
    ...overrides,
  };
}
