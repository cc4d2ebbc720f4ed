/**
 * Starts the whole product locally: the Firebase Auth emulator, the server on its embedded database and
 * the four apps (production builds served with their firebase.json rules by scripts/serve.ts, or Vite dev
 * servers with --dev).
 * Used by `npm start`, `npm run dev` and the end-to-end part of `npm test`.
 * With `instances` (the deployed stage of `npm test`), the server is instead that many instances over one
 * throw-away PostgreSQL, behind HAProxy on the server's port (scripts/lib/balancer.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, writeFileSync, type WriteStream } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  APP_NAMES,
  APP_PORTS,
  AUTH_EMULATOR_PORT,
  FIREBASE_PROJECT_ID,
  SERVER_PORT,
  type AppName,
} from '../../packages/config/src/ports.ts';
import { BALANCER_STATS_PORT, haproxyConfig, haproxyPath } from './balancer.ts';
import { writeHostingConfig } from './hosting.ts';
import { postgresBinDir, startThrowAwayPostgres } from './postgres.ts';

export const ROOT = resolve(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'node_modules', '.bin');

/** Ports the stack needs, with who uses them (a busy one stops start-up with its name). */
export const STACK_PORTS: Array<{ port: number; name: string }> = [
  { port: AUTH_EMULATOR_PORT, name: 'Firebase Auth emulator' },
  { port: 4400, name: 'Firebase emulator hub' },
  { port: 4500, name: 'Firebase emulator logging' },
  { port: SERVER_PORT, name: 'server' },
  { port: 2525, name: 'server mail catcher (SMTP)' },
  ...APP_NAMES.map((app) => ({ port: APP_PORTS[app], name: `${app} app` })),
];

export interface StackOptions {
  /** Vite dev servers and a watching server instead of production builds. */
  dev?: boolean;
  /** Where the server keeps its embedded database (default apps/server/.data). */
  dataDir?: string;
  /** Write the services' output to files in this folder instead of the console. */
  logDir?: string;
  /** Extra environment for every service. */
  env?: Record<string, string>;
  /**
   * The deployed layout: this many server instances (at least 2) over one throw-away PostgreSQL, behind HAProxy
   * listening on the server's port (round robin, health checks), instead of one server on PGlite. Needs
   * PostgreSQL's and HAProxy's binaries (Debian's packages `postgresql` and `haproxy`).
   */
  instances?: number;
  /** Only these apps (default all four). */
  apps?: AppName[];
}

/** A server instance of the deployed layout: its name (HAProxy's too), port and process group. */
export interface Instance {
  name: string;
  port: number;
  pid: number;
}

/** The ports of the deployed layout's instances (the balancer takes the server's own): 8081, 8082 … */
export const instancePort = (index: number) => SERVER_PORT + 1 + index;

export interface Service {
  name: string;
  url: string;
  ready: string;
  child?: ChildProcess;
  log?: WriteStream;
  /** How long after the stack's start it answered (ms). */
  readyAfterMs?: number;
}

export interface Stack {
  services: Service[];
  /** The server instances behind the balancer, and their database (deployed layout only). */
  instances?: Instance[];
  postgres?: Service;
  stop(): Promise<void>;
}

const COLOURS = [36, 35, 33, 32, 34, 31, 96];

/** Every service this process started, so a signal during start-up can still stop them all. */
const started: Service[] = [];

/** Stops every service this process started (for signal handlers; safe to call more than once). */
export function stopEverything(): Promise<void> {
  return stopAll(started);
}

function portInUse(port: number): Promise<boolean> {
  // Busy if something answers on it (IPv4 or IPv6 loopback) or if we cannot bind it ourselves.
  const connect = (host: string) =>
    new Promise<boolean>((done) => {
      const socket = createConnection({ port, host });
      socket.setTimeout(500);
      socket.once('connect', () => (socket.destroy(), done(true)));
      socket.once('timeout', () => (socket.destroy(), done(false)));
      socket.once('error', () => done(false));
    });
  const bind = () =>
    new Promise<boolean>((done) => {
      const server = createServer();
      server.once('error', () => done(true));
      server.listen(port, '127.0.0.1', () => server.close(() => done(false)));
    });
  return Promise.all([connect('127.0.0.1'), connect('::1'), bind()]).then((r) => r.some(Boolean));
}

/** The deployed layout's ports besides the emulator's and the apps' (the balancer on the server's port). */
function deployedPorts(instances: number): Array<{ port: number; name: string }> {
  return [
    { port: SERVER_PORT, name: 'load balancer' },
    { port: BALANCER_STATS_PORT, name: 'load balancer statistics' },
    ...Array.from({ length: instances }, (_, i) => [
      { port: instancePort(i), name: `server-${i + 1}` },
      { port: 2525 + i, name: `server-${i + 1} mail catcher (SMTP)` },
    ]).flat(),
  ];
}

/** Throws an Error naming every busy port (of the deployed layout with `instances`). */
export async function assertPortsFree(instances?: number): Promise<void> {
  const busy: string[] = [];
  const ports = instances
    ? [...STACK_PORTS.filter((p) => p.port !== SERVER_PORT && p.port !== 2525), ...deployedPorts(instances)]
    : STACK_PORTS;
  for (const { port, name } of ports) {
    if (await portInUse(port)) busy.push(`port ${port} (${name})`);
  }
  if (busy.length) {
    throw new Error(
      `Cannot start: ${busy.join(', ')} ${busy.length > 1 ? 'are' : 'is'} already in use. ` +
        'Stop whatever uses it (another `npm start`?) and try again.',
    );
  }
}

export function run(
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<number> {
  return new Promise((done) => {
    const child = spawn(cmd, args, {
      cwd: opts.cwd ?? ROOT,
      env: { ...process.env, ...opts.env },
      stdio: 'inherit',
    });
    child.once('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Builds the four apps (turbo: cached when nothing changed), then writes firebase.json's hosting sites for the
 * same configuration. Resolves to the build's exit code.
 */
export async function buildApps(): Promise<number> {
  const code = await run('npx', ['turbo', 'run', 'build', '--filter=./apps/*', '--output-logs=errors-only']);
  if (code === 0 && writeHostingConfig())
    console.log('firebase.json: hosting sites written for this configuration');
  return code;
}

/** When the newest startStack began (for Service.readyAfterMs). */
let stackStartedAt = Date.now();

async function waitFor(service: Service, deadline: number): Promise<void> {
  let lastError = '';
  while (Date.now() < deadline) {
    if (service.child && service.child.exitCode !== null) {
      throw new Error(`${service.name} exited with code ${service.child.exitCode} before it was ready`);
    }
    try {
      const res = await fetch(service.ready, { signal: AbortSignal.timeout(2000) });
      if (res.ok) {
        service.readyAfterMs = Date.now() - stackStartedAt;
        return;
      }
      lastError = `HTTP ${res.status}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${service.name} did not answer ${service.ready} in time (${lastError})`);
}

/** Stops every service's process group: SIGTERM, up to 8 s of grace, then SIGKILL. */
async function stopAll(services: Service[]): Promise<void> {
  const alive = services.filter(
    (s) => s.child?.pid && s.child.exitCode === null && s.child.signalCode === null,
  );
  for (const s of alive) {
    try {
      process.kill(-s.child!.pid!, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  const deadline = Date.now() + 8000;
  while (
    Date.now() < deadline &&
    alive.some((s) => s.child!.exitCode === null && s.child!.signalCode === null)
  ) {
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const s of services) {
    try {
      if (s.child?.pid) process.kill(-s.child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
    s.log?.end();
  }
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const dev = options.dev ?? false;
  const dataDir = options.dataDir ?? join(ROOT, 'apps', 'server', '.data');
  stackStartedAt = Date.now();
  const instances = options.instances ?? 0;
  const pgBin = instances ? postgresBinDir() : undefined;
  const haproxy = instances ? haproxyPath() : undefined;
  if (instances) {
    if (instances < 2) throw new Error('The deployed layout runs at least two server instances.');
    if (!pgBin)
      throw new Error(
        'PostgreSQL is not installed: the deployed layout runs its instances over one PostgreSQL. ' +
          "Install Debian's: `sudo apt-get install -y postgresql` (or set PG_BIN).",
      );
    if (!haproxy)
      throw new Error(
        'HAProxy is not installed: the deployed layout runs its instances behind it. ' +
          "Install Debian's: `sudo apt-get install -y haproxy` (or set HAPROXY_PATH).",
      );
  }
  await assertPortsFree(instances || undefined);
  if (options.logDir) mkdirSync(options.logDir, { recursive: true });

  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    FORCE_COLOR: options.logDir ? '0' : '1',
    ...options.env,
  };
  const serverEnv: NodeJS.ProcessEnv = {
    ...baseEnv,
    NODE_ENV: 'development',
    PORT: String(SERVER_PORT),
    TEND_DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${AUTH_EMULATOR_PORT}`,
    GCLOUD_PROJECT: FIREBASE_PROJECT_ID,
  };

  const services: Service[] = [];
  /** Where a service's output goes: its log file, or the console with its name in colour. */
  const output = (name: string) => {
    if (options.logDir) {
      const log = createWriteStream(join(options.logDir, `${name}.log`));
      // (A line may still come after the process exited and its log was closed: it is dropped.)
      return { log, line: (line: string) => void (log.writableEnded || log.write(line + '\n')) };
    }
    const colour = COLOURS[services.length % COLOURS.length];
    const prefix = `\x1b[${colour}m${name.padEnd(9)}\x1b[0m│ `;
    return { log: undefined, line: (line: string) => process.stdout.write(prefix + line + '\n') };
  };
  const start = (
    name: string,
    url: string,
    ready: string,
    cmd: string,
    args: string[],
    cwd: string,
    env: NodeJS.ProcessEnv,
  ) => {
    const service: Service = { name, url, ready };
    const child = spawn(cmd, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    service.child = child;
    const out = output(name);
    if (out.log) {
      service.log = out.log;
      child.stdout?.pipe(out.log);
      child.stderr?.pipe(out.log);
    } else {
      const forward = (chunk: Buffer) => {
        for (const line of chunk.toString().split(/\r?\n/)) if (line.trim()) out.line(line);
      };
      child.stdout?.on('data', forward);
      child.stderr?.on('data', forward);
    }
    services.push(service);
    started.push(service);
    return service;
  };

  // The deployed layout's database, while the emulator starts (the instances need both): stopped last.
  let postgres: Service | undefined;
  let databaseReady: Promise<string> | undefined;
  if (instances) {
    const out = output('postgres');
    const service: Service = { name: 'postgres', url: '', ready: '', ...(out.log ? { log: out.log } : {}) };
    postgres = service;
    started.push(service);
    databaseReady = startThrowAwayPostgres(ROOT, { pgBin: pgBin!, log: out.line }).then((db) => {
      service.child = db.child;
      service.url = db.url;
      service.readyAfterMs = Date.now() - stackStartedAt;
      return db.url;
    });
    // Awaited below; a failure meanwhile must not go unhandled.
    databaseReady.catch(() => {});
  }

  start(
    'emulator',
    `http://127.0.0.1:${AUTH_EMULATOR_PORT}`,
    `http://127.0.0.1:${AUTH_EMULATOR_PORT}/`,
    join(BIN, 'firebase'),
    [
      'emulators:start',
      '--only',
      'auth',
      '--project',
      FIREBASE_PROJECT_ID,
      '--config',
      join(ROOT, 'firebase.json'),
    ],
    ROOT,
    baseEnv,
  );
  // The server creates the demo users' emulator accounts when it starts: the emulator must answer first.
  let databaseUrl: string | undefined;
  try {
    await waitFor(services[0]!, Date.now() + 120_000);
    databaseUrl = await databaseReady;
  } catch (error) {
    await stopAll([...services, ...(postgres ? [postgres] : [])]);
    throw error;
  }
  const balanced: Instance[] = [];
  if (!instances) {
    start(
      'server',
      `http://localhost:${SERVER_PORT}`,
      `http://127.0.0.1:${SERVER_PORT}/server-status`,
      join(BIN, 'tsx'),
      dev ? ['watch', 'src/main.ts'] : ['src/main.ts'],
      join(ROOT, 'apps', 'server'),
      serverEnv,
    );
  } else {
    // Identical instances over the one database, started at once (the first boot is under an advisory lock),
    // each trusting the balancer's forwarded address; links in mails point at the balancer.
    for (let i = 0; i < instances; i++) {
      const name = `server-${i + 1}`;
      const port = instancePort(i);
      const env: NodeJS.ProcessEnv = {
        ...serverEnv,
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        TEND_MAIL_CATCHER_PORT: String(2525 + i),
        TEND_API_URL: `http://localhost:${SERVER_PORT}`,
        TEND_TRUST_PROXY: '127.0.0.1',
      };
      delete env.TEND_DATA_DIR;
      const service = start(
        name,
        `http://127.0.0.1:${port}`,
        `http://127.0.0.1:${port}/server-status`,
        join(BIN, 'tsx'),
        ['src/main.ts'],
        join(ROOT, 'apps', 'server'),
        env,
      );
      balanced.push({ name, port, pid: service.child!.pid! });
    }
    const config = join(options.logDir ?? mkdtempSync(join(tmpdir(), 'tend-balancer-')), 'haproxy.cfg');
    writeFileSync(config, haproxyConfig(SERVER_PORT, balanced));
    start(
      'balancer',
      `http://localhost:${SERVER_PORT}`,
      `http://127.0.0.1:${SERVER_PORT}/server-status`,
      haproxy!,
      ['-db', '-f', config],
      ROOT,
      baseEnv,
    );
  }
  for (const app of options.apps ?? APP_NAMES) {
    const port = APP_PORTS[app];
    start(
      app,
      `http://localhost:${port}`,
      `http://127.0.0.1:${port}/`,
      ...((dev
        ? [join(BIN, 'vite'), ['--configLoader', 'runner'], join(ROOT, 'apps', app)]
        : [join(BIN, 'tsx'), [join(ROOT, 'scripts', 'serve.ts'), app], ROOT]) as [string, string[], string]),
      baseEnv,
    );
  }

  let stopping: Promise<void> | undefined;
  // The database after everything that uses it.
  const stop = () =>
    (stopping ??= stopAll(services).then(() => (postgres ? stopAll([postgres]) : undefined)));

  try {
    const deadline = Date.now() + 180_000;
    await Promise.all(services.map((s) => waitFor(s, deadline)));
  } catch (error) {
    await stop();
    throw error;
  }
  return { services, ...(instances ? { instances: balanced, postgres: postgres! } : {}), stop };
}

export const DEMO_SIGN_INS = [
  { who: 'Patient', email: 'patient@example.com', app: 'patient', note: '' },
  {
    who: 'Patient (e-mail MFA)',
    email: 'mfa-email@example.com',
    app: 'patient',
    note: 'code by e-mail: see /dev/mailbox',
  },
  {
    who: 'Therapist',
    email: 'therapist@example.com',
    app: 'therapist',
    note: 'TOTP secret JBSWY3DPEHPK3PXP',
  },
  { who: 'Admin', email: 'admin@example.com', app: 'admin', note: 'TOTP secret JBSWY3DPEHPK3PXP' },
  {
    who: 'Platform admin',
    email: 'ops@example.com',
    app: 'admin',
    note: 'TOTP secret JBSWY3DPEHPK3PXP',
  },
] as const;
export const DEMO_PASSWORD = 'Tend-demo-2026';
/** How a newcomer joins the demo organisation Tend Health at sign-up (apps/server/src/db/seed-data.ts). */
export const DEMO_JOIN = {
  accessCode: 'TENDHEALTH',
  domains: ['tend-health.example', 'example.com'],
} as const;

export function banner(stack: Stack): string {
  const lines = [
    '',
    '\x1b[1mTend is running.\x1b[0m Ctrl-C stops everything.',
    '',
    ...stack.services.map((s) => `  ${s.name.padEnd(10)} ${s.url}`),
    `  ${'signup'.padEnd(10)} http://signup.localhost:${APP_PORTS.public}  (the dedicated sign-up host)`,
    `  ${'mailbox'.padEnd(10)} http://localhost:${SERVER_PORT}/dev/mailbox  (mail the server sent)`,
    '',
    `Demo sign-ins (password ${DEMO_PASSWORD}):`,
    ...DEMO_SIGN_INS.map(
      (d) =>
        `  ${d.who.padEnd(21)} ${d.email.padEnd(24)} http://localhost:${APP_PORTS[d.app]}${d.note ? `  (${d.note})` : ''}`,
    ),
    '',
    `Sign up a new patient at http://localhost:${APP_PORTS.public}/signup with the access code ${DEMO_JOIN.accessCode}`,
    `or any address at ${DEMO_JOIN.domains.join(' or ')} (the code it mails is in the mailbox).`,
    '',
  ];
  return lines.join('\n');
}
