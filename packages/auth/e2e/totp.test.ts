// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acceptableSteps, freshTotpCode, STEP_MS, totpCodeAt, wrongTotpCode } from './totp.ts';

const SECRET = 'JBSWY3DPEHPK3PXP';
const STEP = 58_000_000;
let stateDir: string;

beforeEach(() => {
  stateDir = mkdtempSync(join(tmpdir(), 'tend-totp-test-'));
});
afterEach(() => rmSync(stateDir, { recursive: true, force: true }));

/** A clock that only moves when the helper waits. */
function fakeClock(start: number) {
  let now = start;
  return { now: () => now, sleep: async (ms: number) => void (now += ms), at: () => now };
}

const stepOf = (code: string) =>
  [-1, 0, 1, 2, 3, 4, 5].map((d) => STEP + d).find((s) => totpCodeAt(SECRET, s) === code);

describe('freshTotpCode', () => {
  it('hands out each acceptable step once, in order, then waits for the clock', async () => {
    const clock = fakeClock(STEP * STEP_MS + 10_000); // 10 s into the step: previous, current and next are acceptable
    expect(acceptableSteps(clock.now())).toEqual([STEP - 1, STEP, STEP + 1]);
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push(await freshTotpCode(SECRET, { stateDir, ...clock }));
    expect(codes.map(stepOf)).toEqual([STEP - 1, STEP, STEP + 1, STEP + 2]);
    // The fourth waited until step + 2 was acceptable (5 s into step + 1).
    expect(clock.at()).toBeGreaterThan((STEP + 1) * STEP_MS + 5_000);
  });

  it('remembers the steps across processes: parallel workers and a retry in a new worker never reuse one', async () => {
    const start = STEP * STEP_MS + 25_000; // 25 s into the step: the current and the next are acceptable
    const first = await freshTotpCode(SECRET, {
      stateDir,
      account: 'therapist@example.com',
      ...fakeClock(start),
    });
    // Two workers at once (separate processes, each with its own clock that moves while it waits).
    const script = `import { freshTotpCode } from ${JSON.stringify(join(import.meta.dirname, 'totp.ts'))};
      let now = ${start};
      const code = await freshTotpCode(${JSON.stringify(SECRET)}, {
        stateDir: ${JSON.stringify(stateDir)}, account: 'therapist@example.com', now: () => now, sleep: async (ms) => { now += ms; },
      });
      console.log(code);`;
    const run = promisify(execFile);
    const children = await Promise.all(
      [0, 1].map(() =>
        run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
          cwd: import.meta.dirname,
          timeout: 60_000,
        }),
      ),
    );
    const steps = [first, ...children.map((c) => c.stdout.trim())].map(stepOf);
    expect(steps.slice(0, 1)).toEqual([STEP]);
    expect(steps.slice(1).sort()).toEqual([STEP + 1, STEP + 2]);
    // The retry of a failed test, in a new worker, a little later: the next unused step.
    const retry = fakeClock((STEP + 1) * STEP_MS + 10_000);
    expect(
      stepOf(await freshTotpCode(SECRET, { stateDir, account: 'therapist@example.com', ...retry })),
    ).toBe(STEP + 3);
  }, 90_000);

  it('keeps accounts apart, and a secret used without an account apart from both', async () => {
    const clock = fakeClock(STEP * STEP_MS + 25_000);
    const a = await freshTotpCode(SECRET, { stateDir, account: 'therapist@example.com', ...clock });
    const b = await freshTotpCode(SECRET, { stateDir, account: 'admin@example.com', ...clock });
    expect(stepOf(a)).toBe(STEP);
    expect(stepOf(b)).toBe(STEP);
  });
});

describe('wrongTotpCode', () => {
  it('is none of the codes the server accepts around now', () => {
    const now = STEP * STEP_MS;
    const wrong = wrongTotpCode(SECRET, now);
    expect(wrong).toMatch(/^\d{6}$/);
    for (const d of [-2, -1, 0, 1, 2]) expect(totpCodeAt(SECRET, STEP + d)).not.toBe(wrong);
  });
});
