/**
 * The server under load: `GET /server-status` beside an authenticated read (`GET /iams/account-details/summary`)
 * and an authenticated write (`POST /iams/account-details/language`, alternating two languages so that every
 * request changes the row) on the same instance, 50 connections spread over ten signed-in patients (as many
 * people would be, not one row written 50 times at once), 10 s each, three rounds side by side (medians
 * printed); then how many chat event streams one instance holds while every message still reaches every
 * stream. On PGlite, and on PostgreSQL when it is installed.
 *
 * Self-contained: it starts its own Auth emulator and server processes on free ports (not ctx.stack()), signs
 * in like the apps do (password → customToken → signInWithCustomToken) and stops everything it started.
 * `TEND_BENCH_SECONDS` (10), `TEND_BENCH_ROUNDS` (3) and `TEND_BENCH_STREAMS` (1000,2000,4000) change the sizes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { postgresBinDir } from '../lib/postgres.ts';
import { median, printTable, type BenchContext, type BenchSection } from './types.ts';

const SECONDS = Number(process.env.TEND_BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.TEND_BENCH_ROUNDS ?? 3);
const STREAM_STEPS = (process.env.TEND_BENCH_STREAMS ?? '1000,2000,4000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const CONNECTIONS = 50;
const PATIENTS = [
  'patient@example.com',
  ...[3, 4, 5, 6, 8, 9, 10, 11, 12].map((n) => `patient${n}@example.com`),
];
const PASSWORD = 'Tend-demo-2026';
/** How long the streams are held, and how often a message is sent meanwhile. */
const HOLD_MS = 20_000;
const MESSAGE_EVERY_MS = 4_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Proc {
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts a process group writing straight to a log file (not through this process, which is busy running
 * the load: a full pipe would stall the server and be measured as its latency); resolves once the log
 * matches `ready` (value: the match).
 */
async function startProcess(
  cmd: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; log: string; ready: RegExp; timeoutMs: number },
): Promise<Proc & { match: RegExpExecArray }> {
  const fd = openSync(options.log, 'a');
  const child = spawn(cmd, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['pipe', fd, fd],
  });
  closeSync(fd);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    await Promise.race([exited, sleep(10_000)]);
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* gone */
    }
  };
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const match = options.ready.exec(readFileSync(options.log, 'utf8'));
    if (match) return { child, stop, match };
    if (child.exitCode !== null)
      throw new Error(`${cmd} exited with ${child.exitCode} before it was ready (log: ${options.log})`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${cmd} did not start within ${options.timeoutMs} ms (log: ${options.log})`);
    }
    await sleep(200);
  }
}

/** A throw-away PostgreSQL through apps/server/scripts/with-postgres.sh (initdb, free port, removed at the end). */
async function startPostgres(root: string, work: string): Promise<(Proc & { url: string }) | undefined> {
  if (!postgresBinDir()) return undefined;
  const hold =
    "console.log('DATABASE_URL=' + process.env.DATABASE_URL); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));";
  const proc = await startProcess(
    'bash',
    [join(root, 'apps', 'server', 'scripts', 'with-postgres.sh'), process.execPath, '-e', hold],
    {
      cwd: root,
      env: process.env,
      log: join(work, 'postgres.log'),
      ready: /DATABASE_URL=(\S+)/,
      timeoutMs: 120_000,
    },
  );
  return {
    ...proc,
    url: proc.match[1]!,
    async stop() {
      // Closing its standard input ends the holder: the script then stops PostgreSQL and removes it.
      const exited = new Promise((r) => proc.child.once('exit', r));
      proc.child.stdin!.end();
      await Promise.race([exited, sleep(20_000)]);
      await proc.stop();
    },
  };
}

async function startServer(
  root: string,
  work: string,
  name: string,
  env: Record<string, string>,
): Promise<Proc & { url: string }> {
  const port = await freePort();
  const proc = await startProcess(join(root, 'node_modules', '.bin', 'tsx'), ['src/main.ts'], {
    cwd: join(root, 'apps', 'server'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      TEND_DATA_DIR: 'memory',
      TEND_MAIL_CATCHER_PORT: String(await freePort()),
      TEND_API_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    log: join(work, `${name}.log`),
    ready: /server listening on (http:\/\/\S+)/,
    timeoutMs: 300_000,
  });
  return { ...proc, url: `http://127.0.0.1:${port}` };
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs a patient in like the apps do: the ID token of a custom-token session. */
async function signIn(emulatorHost: string, server: string, email: string): Promise<string> {
  const rest = (method: string, body: unknown) =>
    fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...(body as object), returnSecureToken: true }),
    });
  const password = await json<{ idToken: string }>(
    await rest('signInWithPassword', { email, password: PASSWORD }),
    `sign-in of ${email}`,
  );
  const minted = await json<{ customToken: string }>(
    await fetch(`${server}/iams/auth/customToken?scope=patient`, { headers: { idToken: password.idToken } }),
    'customToken',
  );
  const session = await json<{ idToken: string }>(
    await rest('signInWithCustomToken', { token: minted.customToken }),
    'signInWithCustomToken',
  );
  return session.idToken;
}

interface LoadFigures {
  rps: number;
  p99: number;
  bad: number;
}

/**
 * 50 connections for SECONDS against `paths` (taken in turn by each connection); with `tokens`, each
 * connection is one of those signed-in users (round robin), as the bearer of every request it sends.
 */
async function load(
  base: string,
  paths: string[],
  options: { method?: 'GET' | 'POST'; tokens?: string[] } = {},
): Promise<LoadFigures> {
  let next = 0;
  const tokens = options.tokens ?? [];
  const requests = paths.map((path) => ({
    path,
    method: options.method ?? 'GET',
    setupRequest: (request: autocannon.Request, context: object) => {
      const ctx = context as { bearer?: string };
      if (tokens.length > 0) ctx.bearer ??= tokens[next++ % tokens.length];
      return ctx.bearer
        ? { ...request, headers: { ...request.headers, authorization: `Bearer ${ctx.bearer}` } }
        : request;
    },
  }));
  const result = await autocannon({ url: base, connections: CONNECTIONS, duration: SECONDS, requests });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

interface StreamFigures {
  opened: number;
  delivered: number;
  messages: number;
}

/** Opens `count` event streams of one chat, holds them while sending messages, counts who got all of them. */
async function holdStreams(server: string, bearer: string, count: number): Promise<StreamFigures> {
  const auth = { authorization: `Bearer ${bearer}` };
  const token = await json<{ chatSessionId: string; streamUrl: string }>(
    await fetch(`${server}/patient/chat/token`, { headers: auth }),
    'chat token',
  );
  const received: number[] = [];
  const requests: ClientRequest[] = [];
  const open = (i: number) =>
    new Promise<void>((resolve) => {
      received[i] = -1;
      const req = request(
        `${server}${token.streamUrl}`,
        { agent: false, headers: { accept: 'text/event-stream' } },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            resolve();
            return;
          }
          res.setEncoding('utf8');
          let tail = '';
          res.on('data', (chunk: string) => {
            const text = tail + chunk;
            if (received[i] === -1 && text.includes('event: ready')) {
              received[i] = 0;
              resolve();
            }
            received[i]! +=
              (text.match(/event: message\n/g) ?? []).length - (tail.match(/event: message\n/g) ?? []).length;
            tail = text.slice(-32);
          });
          res.on('error', () => resolve());
          res.on('close', () => resolve());
        },
      );
      req.on('error', () => resolve());
      req.end();
      requests.push(req);
    });
  try {
    for (let i = 0; i < count; i += 100)
      await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, k) => open(i + k)));
    const opened = received.filter((n) => n >= 0).length;
    let messages = 0;
    const started = Date.now();
    while (Date.now() - started < HOLD_MS) {
      const key = `bench-${Date.now()}-${messages}`;
      const sent = await fetch(`${server}/chats/${token.chatSessionId}/messages/${key}`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ messageBody: `Bench message ${messages + 1}` }),
      });
      if (sent.ok) messages++;
      else throw new Error(`sending a chat message: HTTP ${sent.status} ${await sent.text()}`);
      await sleep(MESSAGE_EVERY_MS);
    }
    // Let the last message arrive everywhere.
    await sleep(2_000);
    return { opened, delivered: received.filter((n) => n >= messages).length, messages };
  } finally {
    for (const req of requests) req.destroy();
    await sleep(1_000);
  }
}

type Rows = Array<Array<string | number>>;

async function benchOne(
  root: string,
  work: string,
  kind: 'PGlite' | 'PostgreSQL',
  emulatorHost: string,
  out: { load: Rows; streams: Rows },
  databaseUrl?: string,
) {
  const server = await startServer(root, work, `server-${kind}`, {
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  try {
    // Ten demo patients without a second factor (patient-02 has the e-mail one).
    const tokens: string[] = [];
    for (const email of PATIENTS) tokens.push(await signIn(emulatorHost, server.url, email));
    const rows: Record<'status' | 'read' | 'write', LoadFigures[]> = { status: [], read: [], write: [] };
    const languages = [
      '/iams/account-details/language?language=en-GB',
      '/iams/account-details/language?language=en',
    ];
    // Warm-up: the first requests compile routes, fill caches and fetch keys.
    await load(server.url, ['/server-status']).catch(() => undefined);
    await load(server.url, ['/iams/account-details/summary'], { tokens }).catch(() => undefined);
    for (let round = 0; round < ROUNDS; round++) {
      rows.status.push(await load(server.url, ['/server-status']));
      rows.read.push(await load(server.url, ['/iams/account-details/summary'], { tokens }));
      rows.write.push(await load(server.url, languages, { method: 'POST', tokens }));
    }
    const status = median(rows.status.map((r) => r.rps));
    const figures = (name: string, list: LoadFigures[]) => {
      const rps = median(list.map((r) => r.rps));
      return [
        `${kind}: ${name}`,
        Math.round(rps),
        `${Math.round((rps / status) * 100)}%`,
        median(list.map((r) => r.p99)),
        list.reduce((n, r) => n + r.bad, 0),
      ];
    };
    out.load.push(
      figures('GET /server-status', rows.status),
      figures('authenticated read (GET /iams/account-details/summary)', rows.read),
      figures('authenticated write (POST /iams/account-details/language)', rows.write),
    );

    const chatter = await signIn(emulatorHost, server.url, 'patient7@example.com');
    for (const count of STREAM_STEPS) {
      const result = await holdStreams(server.url, chatter, count);
      out.streams.push([
        `${kind}: ${count} streams held ${HOLD_MS / 1000} s`,
        result.opened,
        result.messages,
        result.delivered,
      ]);
      if (result.delivered < count) break;
    }
  } finally {
    await server.stop();
  }
}

const section: BenchSection = {
  name: 'server',
  title: `Server under load (autocannon, ${CONNECTIONS} connections over ${PATIENTS.length} signed-in patients, ${SECONDS} s per run, median of ${ROUNDS} rounds side by side)`,
  async run(ctx: BenchContext) {
    const work = mkdtempSync(join(tmpdir(), 'tend-bench-server-'));
    const { startAuthEmulator } = await import('../../apps/server/test/identity/auth-emulator.ts');
    const emulator = await startAuthEmulator();
    const loadRows: Rows = [['run', 'requests/s', 'of /server-status', 'p99 ms', 'non-2xx + errors']];
    const streamRows: Rows = [
      ['chat event streams (one instance)', 'opened', 'messages sent', 'streams that got every message'],
    ];
    let failed = false;
    try {
      const out = { load: loadRows, streams: streamRows };
      await benchOne(ctx.root, work, 'PGlite', emulator.host, out);
      const pg = await startPostgres(ctx.root, work);
      if (!pg) console.log('  PostgreSQL is not installed: PGlite only.');
      else {
        try {
          await benchOne(ctx.root, work, 'PostgreSQL', emulator.host, out, pg.url);
        } finally {
          await pg.stop();
        }
      }
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      printTable(loadRows);
      console.log('');
      printTable(streamRows);
      await emulator.stop();
      if (failed) console.log(`  logs kept in ${work}`);
      else rmSync(work, { recursive: true, force: true });
    }
  },
};
export default section;
