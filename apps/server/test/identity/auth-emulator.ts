// A Firebase Auth emulator of the tests' own: random free ports, a temporary firebase.json, UI off
// (it runs offline). Never the product's fixed ports (9099, 4400, 4500). Reused when a global setup
// already started one (TEND_TEST_AUTH_EMULATOR_HOST).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

async function waitUntilUp(host: string, child: ChildProcess, log: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the Auth emulator exited (${child.exitCode}):\n${log()}`);
    try {
      const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the Auth emulator did not start within ${timeoutMs} ms:\n${log()}`);
}

export async function startAuthEmulator(timeoutMs = 90_000): Promise<RunningEmulator> {
  const shared = process.env.TEND_TEST_AUTH_EMULATOR_HOST;
  if (shared) {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = shared;
    return { host: shared, stop: async () => {} };
  }
  const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()];
  const dir = mkdtempSync(join(tmpdir(), 'tend-auth-emulator-'));
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
  let output = '';
  const child = spawn(FIREBASE_BIN, ['emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', join(dir, 'firebase.json')], {
    cwd: dir,
    // Its own TMPDIR: the emulator hub's locator file is per project in the temporary directory.
    env: { ...process.env, TMPDIR: dir, FIREBASE_AUTH_EMULATOR_HOST: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const host = `127.0.0.1:${auth}`;
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(host, child, () => output, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
  return { host, stop };
}

const API_KEY = 'demo-api-key';

async function identityToolkit(host: string, method: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} failed: ${JSON.stringify(json)}`);
  return json;
}

/** E-mail/password sign-in over the emulator's REST API: the ID token. */
export async function signInWithPassword(host: string, email: string, password: string): Promise<string> {
  const json = await identityToolkit(host, 'signInWithPassword', { email, password, returnSecureToken: true });
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
