// Draining (src/http/drain.ts, SIGTERM in src/main.ts): under load, no connection is reset and no answer
// is a 5xx other than a 503 with Retry-After for requests that arrive after the signal; requests in flight
// finish; event streams end with a last `restart` event.
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { drain } from '../src/http/drain.ts';
import {
  as,
  chatResolveUser,
  listen,
  openChat,
  seedChatWorld,
  SseReader,
} from '../src/modules/chats/test-support.ts';
import { createTestApp } from './helpers.ts';

const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Outcome {
  status?: number;
  retryAfter?: string;
  connection?: string;
  error?: string;
}

/** Clients that each send requests one after another on their own kept-alive connection. */
function load(base: string, clients: number, headers: Record<string, string> = {}) {
  const outcomes: Outcome[] = [];
  let stopped = false;
  const one = (agent: Agent) =>
    new Promise<Outcome>((resolve) => {
      const req = request(`${base}/server-status`, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            retryAfter: res.headers['retry-after'],
            connection: res.headers.connection,
          }),
        );
        res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      });
      req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      req.end();
    });
  const workers = Array.from({ length: clients }, async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    while (!stopped) {
      const outcome = await one(agent);
      outcomes.push(outcome);
      // Connection refused: the server no longer accepts connections; this client is done.
      if (outcome.error === 'ECONNREFUSED') break;
    }
    agent.destroy();
  });
  return {
    outcomes,
    count: () => outcomes.filter((o) => o.status !== undefined).length,
    /** Resolves when every client has met a refused connection (the server stopped accepting). */
    ended: () => Promise.all(workers),
    async stop() {
      stopped = true;
      await Promise.all(workers);
    },
  };
}

/** What must never happen while draining. */
function problems(outcomes: Outcome[]): string[] {
  return outcomes.flatMap((o) => {
    if (o.error) return o.error === 'ECONNREFUSED' ? [] : [`connection error ${o.error}`];
    if (o.status === 200) return [];
    if (o.status === 503 && o.retryAfter && Number(o.retryAfter) > 0 && o.connection === 'close') return [];
    return [`answer ${o.status} (retry-after ${o.retryAfter}, connection ${o.connection})`];
  });
}

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await sleep(10);
}

describe('draining', () => {
  it('finishes requests in flight and resets no connection, answering later requests 503 with Retry-After', async () => {
    let entered!: () => void;
    const inHandler = new Promise<void>((r) => (entered = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const t = await createTestApp({
      rateLimitEnabled: false,
      handlers: {
        getServerStatus: async (req) => {
          if (req.headers['x-slow']) {
            entered();
            await gate;
          }
          return { goingOffline: false, offlineTime: null, pendingReason: null, activeReason: null };
        },
      },
    });
    try {
      const base = await listen(t.app);
      const traffic = load(base, 16);
      const slow = new Promise<Outcome>((resolve) => {
        const req = request(`${base}/server-status`, { headers: { 'x-slow': '1' } }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
        });
        req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
        req.end();
      });
      await inHandler;
      await waitFor(() => traffic.count() >= 300);

      const draining = drain(t.app, { idleGraceMs: 500 });
      const beforeSignal = traffic.count();
      await sleep(50);
      release();
      // The request in flight at the signal finishes normally, and its connection is closed after it.
      expect(await slow).toEqual({ status: 200, connection: 'close' });
      await draining;
      await traffic.ended();

      expect(problems(traffic.outcomes)).toEqual([]);
      expect(beforeSignal).toBeGreaterThanOrEqual(300);
      // Every client ended on a refused connection: the server stopped accepting them.
      expect(traffic.outcomes.filter((o) => o.error === 'ECONNREFUSED')).toHaveLength(16);
    } finally {
      release();
      await t.close();
    }
  });

  it('sends every open event stream a last `restart` event with a retry hint, then ends it', async () => {
    const t = await createTestApp({ resolveUser: chatResolveUser, rateLimitEnabled: false });
    const readers: SseReader[] = [];
    try {
      await seedChatWorld(t.db);
      const base = await listen(t.app);
      await openChat(t.app);
      for (const user of ['patient', 'patient']) {
        const token = (
          await t.app.inject(as(user, { method: 'GET', url: '/patient/chat/token' }))
        ).json() as { streamUrl: string };
        const reader = await new SseReader().open(base + token.streamUrl);
        readers.push(reader);
        expect(reader.status).toBe(200);
        await reader.next((e) => e.event === 'ready');
      }
      await drain(t.app, { idleGraceMs: 200 });
      for (const reader of readers) {
        const restart = await reader.next((e) => e.event === 'restart');
        const data = JSON.parse(restart.data) as { reason: string; retryMs: number };
        expect(data.reason).toBe('server_restart');
        expect(data.retryMs).toBeGreaterThanOrEqual(1000);
        await reader.next((e) => e.event === 'closed');
        // Nothing came after the last event but the end of the stream.
        expect(reader.events.slice(-2).map((e) => e.event)).toEqual(['restart', 'closed']);
      }
    } finally {
      for (const r of readers) r.close();
      await t.close();
    }
  });

  it('drains the real server process on SIGTERM under load, then exits 0', async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      TEND_DATA_DIR: 'memory',
      TEND_SEED: 'off',
      TEND_MAIL_CATCHER_PORT: '0',
      LOG_LEVEL: 'warn',
      FIREBASE_AUTH_EMULATOR_HOST: '',
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const base = await new Promise<string>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const match = /server listening on (http:\/\/\S+)/.exec(output);
          if (match) resolve(match[1]!);
        };
        child.stdout!.on('data', onData);
        child.stderr!.on('data', onData);
        void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
      });
      const traffic = load(base, 8);
      await waitFor(() => traffic.count() >= 200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await traffic.ended();
      expect(problems(traffic.outcomes)).toEqual([]);
      expect(traffic.outcomes.filter((o) => o.error === 'ECONNREFUSED')).toHaveLength(8);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    // The real process starts under tsx and migrates a fresh PGlite: beside the browser tests on a 2-core
    // machine that alone took over the suite's 120 s once. The limit guards against a hang, nothing more.
  }, 360_000);
});
