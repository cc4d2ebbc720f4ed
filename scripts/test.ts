/**
 * `npm test`: every check and every test of the workspace, ending with one line `N passed, N failed`.
 *   1. formatting: every file as Prettier writes it with the project's configuration (`npm run format` fixes it)
 *   2. the contract against ../shared/spec/calls.tsv (check-calls)
 *   3. the apps' production builds and the bundle budgets (budgets.json)
 *   4. Playwright end-to-end tests in Debian's Chromium against the product started as `npm start` starts it,
 *      on a fresh temporary database, and beside them, at a lower CPU priority (nice 10), the unit stage:
 *      lint, typecheck and unit tests of every package (turbo; the server's on PostgreSQL when one is
 *      installed, with its database files again on PGlite: see apps/server/scripts/test.ts). The browser tests
 *      leave about a third of the cores idle (waiting for the server, timers, the second factor's clock): the
 *      unit stage takes that time instead of a stage of its own. Its output is printed when it ends.
 *   5. as deployed: two server instances over a throw-away PostgreSQL behind HAProxy (Debian's package), the
 *      chat and risk-alert journeys of e2e/deployed/ through it, one instance killed in the middle (the unit
 *      stage still beside it if it has not ended)
 * The closing line sums vitest's and Playwright's JSON reports; a failing check step that is not itself a
 * test (formatting, lint, typecheck, build, budget, check-calls) counts as one failure, and so does a missing
 * Chromium, PostgreSQL or HAProxy for the steps that need them.
 * Flags: --only-e2e (step 4's browser tests alone), --only-deployed (step 5 alone), --no-e2e (steps 1-3 and the
 * unit stage), --no-deployed (steps 1-4); other arguments go to Playwright (spec files, --grep).
 */
import { spawn } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_PORT } from '../packages/config/src/ports.ts';
import { BALANCER_STATS_PORT } from './lib/balancer.ts';
import { ROOT, buildApps, run, startStack, stopEverything } from './lib/stack.ts';
import { chromiumPath } from './lib/chromium.ts';

const FLAGS = ['--only-e2e', '--only-deployed', '--no-e2e', '--no-deployed'];
const args = process.argv.slice(2);
const onlyE2e = args.includes('--only-e2e');
const onlyDeployed = args.includes('--only-deployed');
const noE2e = args.includes('--no-e2e');
const noDeployed = args.includes('--no-deployed');
/** Anything else is handed to Playwright (spec files or a --grep), e.g. `npm run e2e -- apps/patient/e2e/offline.spec.ts`. */
const playwrightArgs = args.filter((a) => !FLAGS.includes(a));

let passed = 0;
let failed = 0;
const failures: string[] = [];

/** The machine's CPU counters (Linux /proc/stat: all cores' busy and idle ticks; guest time is within user time). */
function cpuTicks(): { busy: number; idle: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: fields.reduce((sum, n) => sum + n, 0) - idle, idle };
  } catch {
    return undefined;
  }
}

/**
 * Each step's name, how long it took and how busy the machine's cores were meanwhile (printed at the end, so
 * the slow stages are plain to see, and whether they wait or compute).
 */
const timings: Array<{ name: string; ms: number; busy?: number; beside?: boolean }> = [];
const scriptStarted = Date.now();
let current: { name: string; start: number; cpu?: { busy: number; idle: number } } | undefined;

function endStep() {
  if (current) {
    const now = cpuTicks();
    const before = current.cpu;
    const busy =
      now && before && now.busy + now.idle > before.busy + before.idle
        ? (now.busy - before.busy) / (now.busy - before.busy + now.idle - before.idle)
        : undefined;
    timings.push({
      name: current.name,
      ms: Date.now() - current.start,
      ...(busy !== undefined ? { busy } : {}),
    });
  }
  current = undefined;
}

function step(name: string) {
  endStep();
  current = { name, start: Date.now(), cpu: cpuTicks() };
  console.log(`\n\x1b[1m▶ ${name}\x1b[0m`);
}

function printTimings() {
  endStep();
  // A stage that ran beside another is not added: the total is the time from start to end.
  const total = Date.now() - scriptStarted;
  const minutes = (ms: number) =>
    `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`;
  console.log('\ntime per stage (m:ss, and how busy the CPU cores were):');
  for (const t of timings)
    console.log(
      `  ${minutes(t.ms).padStart(6)}  ${t.busy !== undefined ? `${Math.round(t.busy * 100)}% cpu`.padStart(8) : ''.padStart(8)}  ${t.beside ? '  ' : ''}${t.name}`,
    );
  console.log(`  ${minutes(total).padStart(6)}  ${''.padStart(8)}  in all`);
}

function failStep(name: string) {
  failed += 1;
  failures.push(name);
}

function workspaceDirs(): string[] {
  return ['apps', 'packages'].flatMap((top) =>
    readdirSync(join(ROOT, top), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => join(ROOT, top, d.name)),
  );
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numTotalTests: number;
}

function countVitest(file: string, label: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  console.log(`  ${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}

/** The slowest tasks of the newest turbo run summary (`--summarize` writes it to .turbo/runs/). */
function printTurboTaskTimes() {
  const dir = join(ROOT, '.turbo', 'runs');
  if (!existsSync(dir)) return;
  const newest = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!newest) return;
  const summary = JSON.parse(readFileSync(newest, 'utf8')) as {
    tasks: Array<{
      taskId: string;
      cache: { status: string };
      execution?: { startTime: number; endTime: number };
    }>;
  };
  const tasks = summary.tasks
    .filter((t) => t.execution)
    .map((t) => ({
      id: t.taskId,
      s: (t.execution!.endTime - t.execution!.startTime) / 1000,
      hit: t.cache.status === 'HIT',
    }))
    .sort((a, b) => b.s - a.s);
  console.log('\nturbo tasks by time (s):');
  for (const t of tasks.slice(0, 12))
    console.log(`  ${t.s.toFixed(0).padStart(5)}  ${t.id}${t.hit ? ' (cached)' : ''}`);
}

/** The turbo tasks of the unit stage: lint, typecheck and unit tests of every package. */
const UNIT_TASKS = ['lint', 'typecheck', 'test', 'lint:root', 'typecheck:root', 'typecheck:web'];

/**
 * Runs the unit stage. `beside` (while the end-to-end tests run): at a lower CPU priority (nice 10), so the
 * browser tests keep the cores they use and the unit tests take the time they leave idle (waiting for the
 * server, timers, the second factor's clock), with turbo's output in a log file printed when it ends, not
 * mixed into Playwright's.
 */
function startUnitStage(beside: boolean): Promise<{ code: number; ms: number; busy?: number; log?: string }> {
  for (const dir of workspaceDirs()) rmSync(join(dir, 'test-results'), { recursive: true, force: true });
  const args = ['turbo', 'run', ...UNIT_TASKS, '--continue', '--concurrency=2', '--summarize'];
  const started = Date.now();
  const cpu = cpuTicks();
  const done = (code: number, log?: string) => {
    const now = cpuTicks();
    const busy =
      now && cpu && now.busy + now.idle > cpu.busy + cpu.idle
        ? (now.busy - cpu.busy) / (now.busy - cpu.busy + now.idle - cpu.idle)
        : undefined;
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
    const child = spawn('nice', ['-n', '10', 'npx', ...args, '--output-logs=errors-only'], {
      cwd: ROOT,
      stdio: ['ignore', out, out],
      env: { ...process.env, FORCE_COLOR: '1' },
    });
    stopUnitStage = () => child.kill('SIGTERM');
    child.once('exit', (code, signal) => {
      closeSync(out);
      stopUnitStage = undefined;
      resolve(done(code ?? (signal ? 1 : 0), log));
    });
  });
}
let stopUnitStage: (() => void) | undefined;

/** The unit stage's results: its log (when it ran beside), its slowest tasks, its reports counted. */
function finishUnitStage(result: { code: number; ms: number; busy?: number; log?: string }) {
  if (result.log) {
    console.log(
      '\n\x1b[1m▶ lint, typecheck and unit tests (turbo, beside the end-to-end tests): its output\x1b[0m',
    );
    process.stdout.write(readFileSync(result.log, 'utf8'));
  }
  timings.push({
    name: `lint, typecheck and unit tests (turbo${result.log ? ', beside the end-to-end tests at nice 10' : ''})`,
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
  if (result.code !== 0) failStep('lint/typecheck/unit tests (turbo exited non-zero)');
}

async function checkSteps() {
  step('formatting (prettier --check; `npm run format` writes it)');
  if (
    (await run(join(ROOT, 'node_modules', '.bin', 'prettier'), ['--check', '--log-level=warn', '.'])) !== 0
  ) {
    failStep('formatting (run `npm run format`)');
  }

  step('contract against ../shared/spec/calls.tsv');
  const contract = join(ROOT, 'packages', 'api', 'openapi.yaml');
  const checker = join(ROOT, '..', 'shared', 'tools', 'check-calls.mjs');
  if (!existsSync(checker)) {
    console.log(`  ${checker} is absent (shared/ must sit beside the repository): skipped`);
  } else if (!existsSync(contract)) {
    console.log('  packages/api/openapi.yaml is absent');
    failStep('check-calls');
  } else if ((await run('node', [checker, contract])) !== 0) {
    failStep('check-calls');
  }

  step('build the apps and check the bundle budgets');
  if ((await buildApps()) !== 0) {
    failStep('build');
  } else if (
    (await run(join(ROOT, 'node_modules', '.bin', 'tsx'), [
      'scripts/bundle-size.ts',
      '--check',
      '--table',
    ])) !== 0
  ) {
    failStep('bundle budgets');
  }
}

interface PlaywrightSuite {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{ tests: Array<{ results: Array<{ duration: number }> }> }>;
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites?: PlaywrightSuite[];
}

/** The spec files that took longest (every try of every test, summed per file; workers run side by side). */
function printSpecTimes(report: PlaywrightReport) {
  const perFile = new Map<string, number>();
  const walk = (suite: PlaywrightSuite, file: string) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results) perFile.set(here, (perFile.get(here) ?? 0) + result.duration);
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file ?? '?');
  const slowest = [...perFile].sort((a, b) => b[1] - a[1]).slice(0, 15);
  console.log('\nslowest spec files (s, summed over their tests):');
  for (const [file, ms] of slowest) console.log(`  ${(ms / 1000).toFixed(0).padStart(5)}  ${file}`);
}

/** How much of the end-to-end time the accessibility checks took (each axe run's time, summed over workers). */
function printAxeTimes(file: string) {
  if (!existsSync(file)) return;
  const runs = readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);
  const total = runs.reduce((sum, ms) => sum + ms, 0);
  console.log(
    `\naxe: ${runs.length} runs, ${(total / 1000).toFixed(0)} s in all (median ${
      runs.length ? [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)] : 0
    } ms)`,
  );
}

/** How long the specs waited for a second-factor code's next time step (summed over workers). */
function printTotpWaits(file: string) {
  if (!existsSync(file)) return;
  const waits = readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);
  const total = waits.reduce((sum, ms) => sum + ms, 0);
  console.log(`waits for a TOTP step: ${waits.length}, ${(total / 1000).toFixed(0)} s in all`);
}

async function e2eStep() {
  if (!current) step('end-to-end tests (Playwright, Chromium) against the started product');
  const browser = chromiumPath();
  if (!browser) {
    console.error(
      "  Chromium is not installed. Install Debian's: `sudo apt-get update && sudo apt-get install -y chromium`\n" +
        '  (or set CHROMIUM_PATH to a Chromium binary).',
    );
    failStep('e2e (no Chromium)');
    return;
  }
  if (onlyE2e && (await buildApps()) !== 0) {
    failStep('build');
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'tend-e2e-'));
  const reportFile = join(work, 'playwright.json');
  const axeTimings = join(work, 'axe-ms.txt');
  const totpWaits = join(work, 'totp-wait-ms.txt');
  let stack: Awaited<ReturnType<typeof startStack>> | undefined;
  try {
    stack = await startStack({ dataDir: join(work, 'data'), logDir: join(work, 'logs') });
    console.log(`  product started (fresh database in ${work}/data; service logs in ${work}/logs)`);
    await run(
      join(ROOT, 'node_modules', '.bin', 'playwright'),
      ['test', '--config', 'playwright.config.ts', ...playwrightArgs],
      {
        env: {
          CHROMIUM_PATH: browser,
          PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
          TEND_E2E_AXE_TIMINGS: axeTimings,
          TEND_E2E_TOTP_WAITS: totpWaits,
        },
      },
    );
  } catch (error) {
    console.error(`  ${(error as Error).message}`);
    console.error(`  service logs: ${work}/logs`);
    failStep('e2e start-up');
  } finally {
    await stack?.stop();
  }
  countPlaywright(reportFile, work, 'e2e', () => {
    printSpecTimes(JSON.parse(readFileSync(reportFile, 'utf8')) as PlaywrightReport);
    // Kept for a closer look at where the time went (per test, per try).
    mkdirSync(join(ROOT, 'test-results'), { recursive: true });
    copyFileSync(reportFile, join(ROOT, 'test-results', 'playwright.json'));
    printAxeTimes(axeTimings);
    printTotpWaits(totpWaits);
  });
}

/** Adds a Playwright JSON report's results to the totals; removes `work` when nothing failed. */
function countPlaywright(reportFile: string, work: string, label: string, print?: () => void) {
  if (existsSync(reportFile)) {
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as PlaywrightReport;
    print?.();
    const { expected, unexpected, flaky } = report.stats;
    passed += expected + flaky;
    failed += unexpected;
    console.log(`  playwright: ${expected + flaky} passed (${flaky} flaky), ${unexpected} failed`);
    if (unexpected === 0) rmSync(work, { recursive: true, force: true });
    else console.log(`  logs kept in ${work}`);
  } else if (!failures.includes(`${label} start-up`)) {
    failStep(`${label} (no Playwright report)`);
    console.log(`  logs kept in ${work}`);
  }
}

/**
 * The product as deployed: two server instances over one throw-away PostgreSQL behind HAProxy on the server's
 * port (the apps' API root), the patient app and the therapist console, and the journeys of e2e/deployed/
 * (the spec kills one instance in the middle). HAProxy or PostgreSQL missing is a failure, never a skip.
 */
async function deployedStep() {
  step('end-to-end as deployed: two server instances over PostgreSQL behind HAProxy, one killed midway');
  const browser = chromiumPath();
  if (!browser) {
    console.error('  Chromium is not installed: `sudo apt-get install -y chromium` (or set CHROMIUM_PATH).');
    failStep('deployed e2e (no Chromium)');
    return;
  }
  if (onlyDeployed && (await buildApps()) !== 0) {
    failStep('build');
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'tend-deployed-'));
  const reportFile = join(work, 'playwright.json');
  let stack: Awaited<ReturnType<typeof startStack>> | undefined;
  try {
    const startedAt = Date.now();
    stack = await startStack({
      logDir: join(work, 'logs'),
      instances: 2,
      apps: ['patient', 'therapist'],
    });
    console.log(
      `  started in ${Math.round((Date.now() - startedAt) / 1000)} s: ` +
        `${stack.instances!.map((i) => `${i.name} on :${i.port}`).join(', ')} over one PostgreSQL, HAProxy in ` +
        `front on :${SERVER_PORT} (service logs in ${work}/logs)`,
    );
    const ready = [...(stack.postgres ? [stack.postgres] : []), ...stack.services];
    console.log(
      `  answering after (s): ${ready.map((s) => `${s.name} ${((s.readyAfterMs ?? 0) / 1000).toFixed(0)}`).join(', ')}`,
    );
    await run(
      join(ROOT, 'node_modules', '.bin', 'playwright'),
      ['test', '--config', 'playwright.config.ts', ...(onlyDeployed ? playwrightArgs : [])],
      {
        env: {
          CHROMIUM_PATH: browser,
          PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
          TEND_E2E_DEPLOYED: '1',
          TEND_E2E_INSTANCES: JSON.stringify(stack.instances),
          TEND_E2E_BALANCER_STATS: `http://127.0.0.1:${BALANCER_STATS_PORT}/stats`,
        },
      },
    );
  } catch (error) {
    console.error(`  ${(error as Error).message}`);
    console.error(`  service logs: ${work}/logs`);
    failStep('deployed e2e start-up');
  } finally {
    await stack?.stop();
  }
  countPlaywright(reportFile, work, 'deployed e2e');
}

async function main() {
  // Ctrl-C during the end-to-end step: stop the product started for it, then leave.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stopUnitStage?.();
      void stopEverything().then(() => process.exit(130));
    });
  }
  if (onlyDeployed) {
    await deployedStep();
  } else if (onlyE2e) {
    await e2eStep();
  } else {
    await checkSteps();
    if (noE2e) {
      finishUnitStage(await startUnitStage(false));
    } else {
      step('end-to-end tests (Playwright, Chromium) against the started product');
      const unit = startUnitStage(true);
      await e2eStep();
      if (!noDeployed) await deployedStep();
      endStep();
      console.log('\n  waiting for the unit stage, which runs beside the end-to-end tests…');
      finishUnitStage(await unit);
    }
  }
  printTimings();
  if (failures.length) console.log(`\nfailed steps: ${failures.join('; ')}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed > 0 || failures.length > 0 ? 1 : 0);
}

void main();
