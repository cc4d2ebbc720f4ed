/**
 * `npm test`'s unit stage: formatting, lint, typecheck and unit tests of every package through turbo, in the
 * foreground or beside the end-to-end tests at a lower CPU priority, and its results counted.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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
 * Runs the unit stage. `beside` (while the end-to-end tests run): at a lower CPU priority (nice 10), so the
 * browser tests keep the cores they use and the unit tests take the time they leave idle (waiting for the
 * server, timers, the second factor's clock), with turbo's output in a log file printed when it ends, not
 * mixed into Playwright's.
 */
export function startUnitStage(
  beside: boolean,
): Promise<{ code: number; ms: number; busy?: number; log?: string }> {
  for (const dir of workspaceDirs()) rmSync(join(dir, 'test-results'), { recursive: true, force: true });
  // Beside: the contract's client was generated before (generateClient), and the build runs beside it too:
  // `--only` keeps turbo from regenerating it while the build reads it.
  const args = [
    'turbo',
    'run',
    ...UNIT_TASKS,
    '--continue',
    '--concurrency=2',
    '--summarize',
    ...(beside ? ['--only'] : []),
  ];
  const started = Date.now();
  const cpu = cpuTicks();
  const done = (code: number, log?: string) => {
    const busy = busyBetween(cpu, cpuTicks());
    return {
      code,
      ms: Date.now() - started,
      ...(busy !== undefined ? { busy } : {}),
      ...(log ? { log } : {}),
    };
  };
  if (!beside) return run('npx', [...args, '--output-logs=new-only']).then((code) => done(code));
  const log = join(mkdtempSync(join(tmpdir(), 'tend-unit-')), 'turbo.log');
  const out = openSync(log, 'w');
  return new Promise((resolve) => {
    // Its own process group (detached), so that stopping it stops turbo's tasks too, not only npx.
    const child = spawn('nice', ['-n', '10', 'npx', ...args, '--output-logs=errors-only'], {
      cwd: ROOT,
      stdio: ['ignore', out, out],
      detached: true,
    });
    stopUnitStage = () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        /* already gone */
      }
    };
    child.once('exit', (code, signal) => {
      closeSync(out);
      stopUnitStage = undefined;
      resolve(done(code ?? (signal ? 1 : 0), log));
    });
  });
}
export let stopUnitStage: (() => void) | undefined;

/** The contract's client (packages/api/src/generated), generated once before the build and the unit stage. */
export function generateClient(): Promise<number> {
  return run('npx', ['turbo', 'run', 'generate', '--output-logs=errors-only']);
}

/** The unit stage's results: its log (when it ran beside), its slowest tasks, its reports counted. */
export function finishUnitStage(result: { code: number; ms: number; busy?: number; log?: string }) {
  if (result.log) {
    console.log(
      '\n\x1b[1m▶ formatting, lint, typecheck and unit tests (turbo, beside the build and the browser tests): its output\x1b[0m',
    );
    process.stdout.write(readFileSync(result.log, 'utf8'));
    rmSync(dirname(result.log), { recursive: true, force: true });
  }
  timings.push({
    name: `formatting, lint, typecheck and unit tests (turbo${result.log ? ', beside the build and the browser tests at nice 10' : ''})`,
    ms: result.ms,
    ...(result.busy !== undefined ? { busy: result.busy } : {}),
    ...(result.log ? { beside: true } : {}),
  });
  printTurboTaskTimes();
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
