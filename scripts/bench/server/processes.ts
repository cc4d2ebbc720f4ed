/**
 * The processes the server benchmark starts on free ports and stops again: the server (on PGlite in memory, or
 * on a given PostgreSQL) and a throw-away PostgreSQL, each writing straight to its own log file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { postgresBinDir } from '../../lib/postgres.ts';

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

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Proc {
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
export async function startPostgres(
  root: string,
  work: string,
): Promise<(Proc & { url: string }) | undefined> {
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

export async function startServer(
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
