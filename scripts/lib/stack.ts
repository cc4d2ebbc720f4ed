/**
 * Starts the whole product locally: the Firebase Auth emulator, the server on its embedded database and
 * the four apps (production builds served with their firebase.json rules by scripts/serve.ts, or Vite dev
 * servers with --dev).
 * Used by `npm start`, `npm run dev` and the end-to-end part of `npm test`.
 * With `instances` (the deployed stage of `npm test`), the server is instead that many instances over one
 * throw-away PostgreSQL, behind HAProxy on the server's port (scripts/lib/balancer.ts).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  APP_NAMES,
  APP_PORTS,
  AUTH_EMULATOR_PORT,
  FIREBASE_PROJECT_ID,
  SERVER_PORT,
  type AppName,
} from '../../packages/config/src/ports.ts';
import { haproxyConfig, haproxyPath } from './balancer.ts';
import { writeHostingConfig } from './hosting.ts';
import { postgresBinDir, startThrowAwayPostgres } from './postgres.ts';
import { ROOT, run, stackClock, started, stopAll, waitFor, type Service } from './services.ts';
import { assertPortsFree, instancePort } from './stack-ports.ts';

export { ROOT, run, stopEverything, type Service } from './services.ts';
export { STACK_PORTS, assertPortsFree, instancePort } from './stack-ports.ts';
export { DEMO_JOIN, DEMO_PASSWORD, DEMO_SIGN_INS, banner } from './demo.ts';

const BIN = join(ROOT, 'node_modules', '.bin');

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
  /**
   * The apps' servers start when this resolves (and the stack stops if it rejects): `npm start` passes its
   * builds, so they run while the Auth emulator and the server start instead of before them.
   */
  appsAfter?: Promise<void>;
}

/** A server instance of the deployed layout: its name (HAProxy's too), port and process group. */
export interface Instance {
  name: string;
  port: number;
  pid: number;
}

export interface Stack {
  services: Service[];
  /** The server instances behind the balancer, and their database (deployed layout only). */
  instances?: Instance[];
  postgres?: Service;
  stop(): Promise<void>;
}

const COLOURS = [36, 35, 33, 32, 34, 31, 96];

/**
 * Builds the four apps (turbo: cached when nothing changed; the contract's client generated first), then writes
 * firebase.json's hosting sites for the same configuration. Resolves to the build's exit code. `generated`:
 * `npm test` already generated the client and runs the unit stage's turbo beside the build: `--only` keeps this
 * run from generating it a second time under the other's feet.
 */
export async function buildApps(options: { generated?: boolean } = {}): Promise<number> {
  const code = await run('npx', [
    'turbo',
    'run',
    'build',
    '--filter=./apps/*',
    ...(options.generated ? ['--only'] : []),
    '--output-logs=errors-only',
  ]);
  if (code === 0 && writeHostingConfig())
    console.log('firebase.json: hosting sites written for this configuration');
  return code;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const dev = options.dev ?? false;
  const dataDir = options.dataDir ?? join(ROOT, 'apps', 'server', '.data');
  stackClock.startedAt = Date.now();
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
      service.readyAfterMs = Date.now() - stackClock.startedAt;
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
  if (options.appsAfter) {
    try {
      await options.appsAfter;
    } catch (error) {
      await stopAll([...services, ...(postgres ? [postgres] : [])]);
      throw error;
    }
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
    // Seeding the large benchmark data set takes minutes on a busy 2-core machine.
    const deadline = Date.now() + (baseEnv.TEND_SEED === 'large' ? 900_000 : 180_000);
    await Promise.all(services.map((s) => waitFor(s, deadline)));
  } catch (error) {
    await stop();
    throw error;
  }
  return { services, ...(instances ? { instances: balanced, postgres: postgres! } : {}), stop };
}
