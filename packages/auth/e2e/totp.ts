/**
 * TOTP codes for the end-to-end specs, computed from a known secret (otpauth). The server accepts each code
 * once: a step at or before the last one it accepted for that secret is refused, and it accepts the steps
 * either side of now. So a code must never be handed out twice for one step, not even by another Playwright
 * worker or by the retry of a failed test (a new worker process within the same 30 seconds). The last step
 * handed out is kept in a file per account and secret (under the OS temp folder, or TEND_E2E_TOTP_DIR),
 * read and written under a lock directory; when every acceptable step is used, the caller waits for the next.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as OTPAuth from 'otpauth';

export const STEP_MS = 30_000;
/** A lock older than this was left by a killed process. */
const STALE_LOCK_MS = 10_000;

export interface FreshTotpOptions {
  /**
   * Whose secret it is (e.g. the e-mail address): the server counts used steps per account's secret, so two
   * accounts with the same demo secret do not wait for each other. Default: one record for the secret.
   */
  account?: string;
  /** Where the last-used steps are kept; default TEND_E2E_TOTP_DIR or <tmp>/tend-e2e-totp. */
  stateDir?: string;
  /** Tests: the clock and the wait. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Where each wait for a free time step is noted (scripts/test.ts sets it and sums it up after the run). */
const waitsFile = process.env.TEND_E2E_TOTP_WAITS;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function totpOf(secret: string) {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
}

/** The code of `secret` for one time step. */
export function totpCodeAt(secret: string, step: number): string {
  return totpOf(secret).generate({ timestamp: step * STEP_MS + 1_000 });
}

/** The state file of an account's secret (the secret itself is not in the name). */
export function totpStateFile(
  secret: string,
  options: Pick<FreshTotpOptions, 'account' | 'stateDir'> = {},
): string {
  const dir = options.stateDir ?? process.env.TEND_E2E_TOTP_DIR ?? join(tmpdir(), 'tend-e2e-totp');
  const key = createHash('sha256')
    .update(`${options.account ?? '*'}\n${secret}`)
    .digest('hex')
    .slice(0, 32);
  return join(dir, `${key}.step`);
}

function readLastStep(file: string): number {
  try {
    const value = Number(readFileSync(file, 'utf8').trim());
    return Number.isSafeInteger(value) ? value : Number.NEGATIVE_INFINITY;
  } catch {
    return Number.NEGATIVE_INFINITY;
  }
}

/** Runs `fn` holding the lock directory of `file` (mkdir is atomic across processes). */
async function withFileLock<T>(file: string, sleep: (ms: number) => Promise<void>, fn: () => T): Promise<T> {
  const lock = `${file}.lock`;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS)
          rmSync(lock, { recursive: true, force: true });
      } catch {
        // Removed meanwhile by its owner: try again.
      }
      await sleep(25);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * The steps the server will still accept when the code arrives a few seconds from `now`: the previous one
 * early in a step, the current one, and the next one once the current step is under way.
 */
export function acceptableSteps(now: number): number[] {
  const step = Math.floor(now / STEP_MS);
  const into = now - step * STEP_MS;
  return [...(into < 20_000 ? [step - 1] : []), step, ...(into > 5_000 ? [step + 1] : [])];
}

/**
 * A TOTP code whose time step no one has used for this account's secret: the earliest acceptable step after
 * the last one handed out (by any process), waiting for the clock when none is left.
 */
export async function freshTotpCode(secret: string, options: FreshTotpOptions = {}): Promise<string> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const file = totpStateFile(secret, options);
  mkdirSync(join(file, '..'), { recursive: true });
  const started = now();
  for (;;) {
    const chosen = await withFileLock(file, sleep, () => {
      const last = readLastStep(file);
      const step = acceptableSteps(now()).find((s) => s > last);
      if (step !== undefined) writeFileSync(file, String(step));
      return step;
    });
    if (chosen !== undefined) {
      // scripts/test.ts sums how long the specs waited for the clock (TEND_E2E_TOTP_WAITS).
      const waited = now() - started;
      if (waitsFile && waited > 0) appendFileSync(waitsFile, `${waited}\n`);
      return totpCodeAt(secret, chosen);
    }
    await sleep(1_000);
  }
}

/** A code that is certainly wrong for this secret now (none of the steps the server accepts). */
export function wrongTotpCode(secret: string, now = Date.now()): string {
  const step = Math.floor(now / STEP_MS);
  const valid = new Set([-2, -1, 0, 1, 2].map((d) => totpCodeAt(secret, step + d)));
  for (let n = 0; ; n++) {
    const candidate = String((123456 + n * 7919) % 1_000_000).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}
