/**
 * `npm test`'s unit stage: formatting, lint, typecheck and unit tests of every package through turbo, in the
 * foreground or beside the end-to-end tests at a lower CPU priority, and its results counted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printTurboTaskTimes } from './reports.ts';
import { ROOT, run } from './stack.ts';
import { busyBetween, countVitest, cpuTicks, failStep, timings } from './tally.ts';

function workspaceDirs(): string[] {
  return ['apps', 'packages'].flatMap((top) =>
    readdirSync(join(ROOT, top), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => join(ROOT, top, d.name)),
  );
}

/**
 * The turbo tasks of the unit stage: formatting (Prettier's check of every file, `npm run format` writes it),
 * lint, typecheck and unit tests of every package.
 */
const UNIT_TASKS = [
  'format:check',
  'lint',
  'typecheck',
  'test',
  'lint:root',
  'typecheck:root',
  'typecheck:web',
];

/**
 * The unit stage as two turbo runs side by side: the server's tasks (its tests are the stage's longest task, several
 * minutes on two workers, so they start at once rather than wherever turbo's order puts them: a run where they
 * started ten minutes in ended five minutes later) and every other task, two at a time.
 */
/**
 * The unit stage's command beside the browser tests: its autogroup (its session's, on Linux with autogroups) at the
 * lowest weight, and nice 10 within it (where autogroups are off, nice alone).
 */
const BESIDE = 'echo 19 > /proc/self/autogroup 2>/dev/null; exec nice -n 10 "$@"';

const LANES = [
  { name: 'server', args: ['test', 'lint', 'typecheck', '--filter=@tend/server'] },
  { name: 'others', args: [...UNIT_TASKS, '--filter=!@tend/server'] },
];

/**
 * Runs the unit stage. The contract's client must be generated already (generateClient, or the build): both runs
 * use `--only`, so neither regenerates it while the other or the build reads it. `beside` (while the build and the
 * end-to-end tests run): at the lowest CPU priority (BESIDE), so the build and the browser tests keep the cores they
 * use and the unit tests take the time they leave idle (waiting for the server, timers, the second factor's clock),
 * with turbo's output in log files printed when it ends, not mixed into Playwright's.
 */
export function startUnitStage(
  beside: boolean,
): Promise<{ code: number; ms: number; busy?: number; log?: string; started: number }> {
  for (const dir of workspaceDirs()) rmSync(join(dir, 'test-results'), { recursive: true, force: true });
  const started = Date.now();
  const cpu = cpuTicks();
  const logDir = beside ? mkdtempSync(join(tmpdir(), 'tend-unit-')) : undefined;
  const children: ChildProcess[] = [];
  const lanes = LANES.map(
    (lane) =>
      new Promise<number>((resolve) => {
        const args = [
          'turbo',
          'run',
          ...lane.args,
          '--continue',
          '--concurrency=2',
          '--summarize',
          '--only',
          `--output-logs=${beside ? 'errors-only' : 'new-only'}`,
        ];
        const out = logDir ? openSync(join(logDir, `${lane.name}.log`), 'w') : undefined;
        // Its own process group (detached), so that stopping it stops turbo's tasks too, not only npx. Detached is
        // also a session of its own, and Linux's autogroups share the CPU between sessions before nice counts
        // within one: beside, the session's autogroup gets the lowest weight (nice 19), else the unit stage took
        // as much CPU as the browser tests and the build and made them minutes slower.
        const child = spawn(beside ? 'sh' : 'npx', beside ? ['-c', BESIDE, 'sh', 'npx', ...args] : args, {
          cwd: ROOT,
          stdio: out === undefined ? 'inherit' : ['ignore', out, out],
          detached: true,
        });
        children.push(child);
        child.once('exit', (code, signal) => {
          if (out !== undefined) closeSync(out);
          resolve(code ?? (signal ? 1 : 0));
        });
      }),
  );
  stopUnitStage = () => {
    for (const child of children) {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
  };
  return Promise.all(lanes).then((codes) => {
    stopUnitStage = undefined;
    const busy = busyBetween(cpu, cpuTicks());
    return {
      code: codes.find((c) => c !== 0) ?? 0,
      ms: Date.now() - started,
      started,
      ...(busy !== undefined ? { busy } : {}),
      ...(logDir ? { log: logDir } : {}),
    };
  });
}
export let stopUnitStage: (() => void) | undefined;

/** The contract's client (packages/api/src/generated), generated once before the build and the unit stage. */
export function generateClient(): Promise<number> {
  return run('npx', ['turbo', 'run', 'generate', '--output-logs=errors-only']);
}

/** The unit stage's results: its log (when it ran beside), its slowest tasks, its reports counted. */
export function finishUnitStage(result: {
  code: number;
  ms: number;
  busy?: number;
  log?: string;
  started: number;
}) {
  if (result.log) {
    console.log(
      '\n\x1b[1m▶ formatting, lint, typecheck and unit tests (turbo, beside the build and the browser tests): its output\x1b[0m',
    );
    for (const lane of LANES)
      process.stdout.write(readFileSync(join(result.log, `${lane.name}.log`), 'utf8'));
    rmSync(result.log, { recursive: true, force: true });
  }
  timings.push({
    name: `formatting, lint, typecheck and unit tests (turbo${result.log ? ', beside the build and the browser tests at nice 10' : ''})`,
    ms: result.ms,
    ...(result.busy !== undefined ? { busy: result.busy } : {}),
    ...(result.log ? { beside: true } : {}),
  });
  printTurboTaskTimes(result.started);
  console.log('\nunit test reports:');
  for (const dir of workspaceDirs()) {
    countVitest(join(dir, 'test-results', 'vitest.json'), dir.slice(ROOT.length + 1));
    // The server's database files run a second time on PGlite when its suite ran on PostgreSQL.
    const pglite = join(dir, 'test-results', 'vitest-pglite.json');
    if (existsSync(pglite)) countVitest(pglite, `${dir.slice(ROOT.length + 1)} (database files on PGlite)`);
  }
  if (result.code !== 0)
    failStep(
      'formatting/lint/typecheck/unit tests (turbo exited non-zero; `npm run format` fixes formatting)',
    );
}
