// A Firebase Auth emulator of the tests' own: random free ports, a temporary firebase.json, UI off
// (it runs offline). Never the product's fixed ports (9099, 4400, 4500). Given from outside with
// TEND_TEST_AUTH_EMULATOR_HOST (e.g. a global setup), it is used as it is.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
const FIREBASE_BIN = join(ROOT, 'node_modules', '.bin', 'firebase');
export const PROJECT_ID = 'demo-tend';

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface RunningEmulator {
  host: string;
  stop(): Promise<void>;
}

/**
 * One emulator per test run, shared by the test files (each file has its own database; files use
 * different demo users where they change Auth state). The first file to ask starts it in a directory
 * named after the test runner's process; a small watchdog stops it when that process ends.
 */
export async function startAuthEmulator(timeoutMs = 150_000): Promise<RunningEmulator> {
  const given = process.env.TEND_TEST_AUTH_EMULATOR_HOST;
  if (given) {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = given;
    return { host: given, stop: async () => {} };
  }
  const owner = process.ppid;
  const dir = join(tmpdir(), `tend-auth-emulator-${owner}`);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let creator = false;
    try {
      mkdirSync(dir);
      creator = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (creator) await launch(dir, owner, timeoutMs);
    const host = await waitForFile(join(dir, 'host'), join(dir, 'error'), timeoutMs);
    if (await reachable(host)) {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
      return { host, stop: async () => {} };
    }
    // A directory left by an earlier run whose runner had the same process id: start afresh.
    rmSync(dir, { recursive: true, force: true });
  }
  throw new Error('the shared Auth emulator is not reachable');
}

async function reachable(host: string): Promise<boolean> {
  try {
    return (await fetch(`http://${host}/`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

async function waitForFile(file: string, errorFile: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(errorFile)) throw new Error(readFileSync(errorFile, 'utf8'));
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the Auth emulator did not start within ${timeoutMs} ms`);
}

/** Starts the emulator in `dir` and a watchdog that stops it (and removes `dir`) once `owner` has exited. */
async function launch(dir: string, owner: number, timeoutMs: number): Promise<void> {
  const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()];
  writeFileSync(
    join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: auth },
        hub: { host: '127.0.0.1', port: hub },
        logging: { host: '127.0.0.1', port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const log = openSync(join(dir, 'emulator.log'), 'a');
  const child = spawn(
    FIREBASE_BIN,
    ['emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', join(dir, 'firebase.json')],
    {
      cwd: dir,
      // Its own TMPDIR: the emulator hub's locator file is per project in the temporary directory.
      env: { ...process.env, TMPDIR: dir, FIREBASE_AUTH_EMULATOR_HOST: '' },
      stdio: ['ignore', log, log],
      detached: true,
    },
  );
  child.unref();
  const watchdog = `
    const [owner, group, dir] = [Number(process.argv[1]), Number(process.argv[2]), process.argv[3]];
    const stop = () => {
      try { process.kill(-group, 'SIGTERM'); } catch {}
      setTimeout(() => {
        try { process.kill(-group, 'SIGKILL'); } catch {}
        try { require('node:fs').rmSync(dir, { recursive: true, force: true }); } catch {}
        process.exit(0);
      }, 3000);
    };
    setInterval(() => {
      try { process.kill(owner, 0); } catch { stop(); }
      try { process.kill(group, 0); } catch { try { require('node:fs').rmSync(dir, { recursive: true, force: true }); } catch {} process.exit(0); }
    }, 1000);
  `;
  spawn(process.execPath, ['-e', watchdog, String(owner), String(child.pid), dir], {
    detached: true,
    stdio: 'ignore',
  }).unref();
  const host = `127.0.0.1:${auth}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (await reachable(host)) {
      writeFileSync(join(dir, 'host'), host);
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  writeFileSync(
    join(dir, 'error'),
    `the Auth emulator did not start:\n${readFileSync(join(dir, 'emulator.log'), 'utf8').slice(-4000)}`,
  );
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

const API_KEY = 'demo-api-key';

async function identityToolkit(
  host: string,
  method: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${API_KEY}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} failed: ${JSON.stringify(json)}`);
  return json;
}

/** E-mail/password sign-in over the emulator's REST API: the ID token. */
export async function signInWithPassword(host: string, email: string, password: string): Promise<string> {
  const json = await identityToolkit(host, 'signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  return String(json.idToken);
}

/** signInWithCustomToken over the REST API: the ID token of the custom-token session. */
export async function signInWithCustomToken(host: string, token: string): Promise<string> {
  const json = await identityToolkit(host, 'signInWithCustomToken', { token, returnSecureToken: true });
  return String(json.idToken);
}

/** Deletes every account of the emulator's project (between test files sharing one emulator). */
export async function clearEmulatorAccounts(host: string): Promise<void> {
  await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}/accounts`, { method: 'DELETE' });
}
