/**
 * `npm test`'s unit stage: formatting, lint, typecheck and unit tests of every package through turbo, in the
 * foreground or beside the end-to-end tests at a lower CPU priority, and its results counted.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
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
 * lint, typecheck and unit tests of every package. Lint is one ESLint process over every workspace package, each
 * file under its own package's eslint.config.js (`lint:workspace`, ESLint's config lookup from the file), plus the
 * contract's (`lint:contract`, Redocly) and the root's scripts (`lint:root`): one process per package loaded the
 * plugins and parsed the shared packages' imports again each time (142 CPU-seconds against 70 for one).
 */
const UNIT_TASKS = [
  'format:check',
  'lint:workspace',
  'lint:contract',
  'typecheck',
  'test',
  'lint:root',
  'typecheck:root',
  'typecheck:web',
];

/**
 * The unit stage as two turbo runs side by side, in one shell: the server's tasks (its tests are the stage's
 * longest task, several minutes on two workers, so they start at once rather than wherever turbo's order puts
 * them: a run where they started ten minutes in ended five minutes later) and every other task, two at a time.
 */
const LANES = [
  { name: 'server', args: ['test', 'typecheck', '--filter=@tend/server'] },
  { name: 'others', args: [...UNIT_TASKS, '--filter=!@tend/server'] },
];

/**
 * Runs the unit stage. The contract's client must be generated already (generateClient, or the build): both runs
 * use `--only`, so neither regenerates it while the other or the build reads it. `beside` (while the build and the
 * end-to-end tests run): at nice 10 (which orders its own tasks only, see below), with turbo's output in log files
 * printed when it ends, not mixed into Playwright's.
 */
export function startUnitStage(
  beside: boolean,
): Promise<{ code: number; ms: number; busy?: number; log?: string; started: number }> {
  for (const dir of workspaceDirs()) rmSync(join(dir, 'test-results'), { recursive: true, force: true });
  const started = Date.now();
  const cpu = cpuTicks();
  const logDir = beside ? mkdtempSync(join(tmpdir(), 'tend-unit-')) : undefined;
  const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;
  const command = (lane: (typeof LANES)[number]) =>
    [
      'npx turbo run',
      ...[...lane.args, '--continue', '--concurrency=2', '--summarize', '--only'].map(quote),
      `--output-logs=${logDir ? 'errors-only' : 'new-only'}`,
      ...(logDir ? [`> ${quote(join(logDir, `${lane.name}.log`))} 2>&1`] : []),
    ].join(' ');
  const [first, second] = LANES.map(command);
  const script = `${first} & a=$!; ${second} & b=$!; wait $a; ca=$?; wait $b; cb=$?; [ $ca -ne 0 ] && exit $ca; exit $cb`;
  // One shell, detached: its own process group (stopping it stops turbo's tasks too, not only npx) and its own
  // session. Both runs stay in that one session: on Linux with autogroups (as here and on the CI machine) the CPU
  // is shared between sessions first and nice counts only within one, so each session of its own would take as
  // much CPU as the browser tests (a run with the two in two sessions had its build take 3:48 instead of 2:03);
  // giving the session the lowest weight starved the server's tests past their hooks' time limit.
  const child = spawn(beside ? 'nice' : 'sh', [...(beside ? ['-n', '10', 'sh'] : []), '-c', script], {
    cwd: ROOT,
    stdio: 'inherit',
    detached: true,
  });
  stopUnitStage = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      stopUnitStage = undefined;
      const busy = busyBetween(cpu, cpuTicks());
      resolve({
        code: code ?? (signal ? 1 : 0),
        ms: Date.now() - started,
        started,
        ...(busy !== undefined ? { busy } : {}),
        ...(logDir ? { log: logDir } : {}),
      });
    });
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
    name: `formatting, lint, typecheck and unit tests (turbo${result.log ? ', beside the build and the browser tests' : ''})`,
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
