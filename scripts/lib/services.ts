/**
 * The local services' processes (scripts/lib/stack.ts starts them): what a service is, running a command to its
 * end, waiting for a service to answer, and stopping every process group this process started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { WriteStream } from 'node:fs';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');

export interface Service {
  name: string;
  url: string;
  ready: string;
  child?: ChildProcess;
  log?: WriteStream;
  /** How long after the stack's start it answered (ms). */
  readyAfterMs?: number;
}

/** Every service this process started, so a signal during start-up can still stop them all. */
export const started: Service[] = [];

/** Stops every service this process started (for signal handlers; safe to call more than once). */
export function stopEverything(): Promise<void> {
  return stopAll(started);
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

/** When the newest stack began starting (for Service.readyAfterMs): startStack sets it. */
export const stackClock = { startedAt: Date.now() };

/** Waits until the service answers its ready URL (or its process exits, or the deadline passes). */
export async function waitFor(service: Service, deadline: number): Promise<void> {
  let lastError = '';
  while (Date.now() < deadline) {
    if (service.child && service.child.exitCode !== null) {
      throw new Error(`${service.name} exited with code ${service.child.exitCode} before it was ready`);
    }
    try {
      const res = await fetch(service.ready, { signal: AbortSignal.timeout(2000) });
      if (res.ok) {
        service.readyAfterMs ??= Date.now() - stackClock.startedAt;
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
export async function stopAll(services: Service[]): Promise<void> {
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
