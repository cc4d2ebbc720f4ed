/**
 * `npm test`: every check and every test of the workspace, ending with one line `N passed, N failed`.
 *   1. the contract against ../shared/spec/calls.tsv (check-calls)
 *   2. the apps' production builds and the bundle budgets (budgets.json)
 *   3. Playwright end-to-end tests in Debian's Chromium against the product started as `npm start` starts it,
 *      on a fresh temporary database, and beside them (and beside step 2's build, from the moment the
 *      contract's client is generated), at nice 10 in a session of its own, the unit stage:
 *      formatting (every file as Prettier writes it with the project's configuration; `npm run format` fixes
 *      it), lint, typecheck and unit tests of every package (turbo; the server's on PostgreSQL when one is
 *      installed, with its database files again on PGlite: see apps/server/scripts/test.ts), as two turbo runs:
 *      the server's tasks, started at once, and all others (scripts/lib/unit-stage.ts). With Linux's autogroups
 *      the session shares the CPU with the browser tests' sessions (nice orders only its own tasks): the run is
 *      bound by CPU, and the stage ends minutes after the browser tests. Its output is printed when it ends.
 *   4. as deployed: two server instances over a throw-away PostgreSQL behind HAProxy (Debian's package), the
 *      chat and risk-alert journeys of e2e/deployed/ through it, one instance killed in the middle (the unit
 *      stage still beside it if it has not ended)
 * The closing line sums vitest's and Playwright's JSON reports; a failing check step that is not itself a
 * test (formatting, lint, typecheck, build, budget, check-calls) counts as one failure, and so does a missing
 * Chromium, PostgreSQL or HAProxy for the steps that need them.
 * Flags: --only-e2e (step 3's browser tests alone), --only-deployed (step 4 alone), --no-e2e (steps 1-2 and the
 * unit stage), --no-deployed (steps 1-3); other arguments go to Playwright (spec files, --grep).
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_PORT } from '../packages/config/src/ports.ts';
import { BALANCER_STATS_PORT } from './lib/balancer.ts';
import { ROOT, buildApps, run, startStack, stopEverything } from './lib/stack.ts';
import { testChromiumPath } from './lib/chromium.ts';
import { printAxeTimes, printSpecTimes, printTotpWaits } from './lib/reports.ts';
import {
  countPlaywright,
  endStep,
  failStep,
  inStep,
  printTimings,
  step,
  tally,
  type PlaywrightReport,
} from './lib/tally.ts';
import { finishUnitStage, generateClient, startUnitStage, stopUnitStage } from './lib/unit-stage.ts';

const FLAGS = ['--only-e2e', '--only-deployed', '--no-e2e', '--no-deployed'];
const args = process.argv.slice(2);
const onlyE2e = args.includes('--only-e2e');
const onlyDeployed = args.includes('--only-deployed');
const noE2e = args.includes('--no-e2e');
const noDeployed = args.includes('--no-deployed');
/** Anything else is handed to Playwright (spec files or a --grep), e.g. `npm run e2e -- apps/patient/e2e/offline.spec.ts`. */
const playwrightArgs = args.filter((a) => !FLAGS.includes(a));

async function checkSteps(generated = false) {
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
  if ((await buildApps({ generated })) !== 0) {
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

/**
 * What an end-to-end step needs before it starts: Chromium (its path), and the apps built when the step runs
 * alone (`build` first); undefined once the step is failed for want of either.
 */
async function browserReady(name: string, build: boolean): Promise<string | undefined> {
  const browser = testChromiumPath();
  if (!browser) {
    console.error(
      "  Chromium is not installed. Install Debian's: `sudo apt-get update && sudo apt-get install -y chromium`\n" +
        '  (or set CHROMIUM_PATH to a Chromium binary).',
    );
    failStep(`${name} (no Chromium)`);
    return undefined;
  }
  if (build && (await buildApps()) !== 0) {
    failStep('build');
    return undefined;
  }
  return browser;
}

/** Runs the Playwright specs in `browser`, their JSON report written to `reportFile`, with `env` added. */
function playwright(browser: string, reportFile: string, args: string[], env: Record<string, string>) {
  return run(
    join(ROOT, 'node_modules', '.bin', 'playwright'),
    ['test', '--config', 'playwright.config.ts', ...args],
    { env: { CHROMIUM_PATH: browser, PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile, ...env } },
  );
}

/** The product did not start for an end-to-end step: why, where its logs are, and the step failed. */
function startUpFailed(name: string, error: unknown, work: string) {
  console.error(`  ${(error as Error).message}`);
  console.error(`  service logs: ${work}/logs`);
  failStep(`${name} start-up`);
}

async function e2eStep() {
  if (!inStep()) step('end-to-end tests (Playwright, Chromium) against the started product');
  const browser = await browserReady('e2e', onlyE2e);
  if (!browser) return;
  const work = mkdtempSync(join(tmpdir(), 'tend-e2e-'));
  const reportFile = join(work, 'playwright.json');
  const axeTimings = join(work, 'axe-ms.txt');
  const totpWaits = join(work, 'totp-wait-ms.txt');
  let stack: Awaited<ReturnType<typeof startStack>> | undefined;
  try {
    stack = await startStack({ dataDir: join(work, 'data'), logDir: join(work, 'logs') });
    console.log(`  product started (fresh database in ${work}/data; service logs in ${work}/logs)`);
    await playwright(browser, reportFile, playwrightArgs, {
      TEND_E2E_AXE_TIMINGS: axeTimings,
      TEND_E2E_TOTP_WAITS: totpWaits,
    });
  } catch (error) {
    startUpFailed('e2e', error, work);
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

/**
 * The product as deployed: two server instances over one throw-away PostgreSQL behind HAProxy on the server's
 * port (the apps' API root), the patient app and the therapist console, and the journeys of e2e/deployed/
 * (the spec kills one instance in the middle). HAProxy or PostgreSQL missing is a failure, never a skip.
 */
async function deployedStep() {
  step('end-to-end as deployed: two server instances over PostgreSQL behind HAProxy, one killed midway');
  const browser = await browserReady('deployed e2e', onlyDeployed);
  if (!browser) return;
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
    await playwright(browser, reportFile, onlyDeployed ? playwrightArgs : [], {
      TEND_E2E_DEPLOYED: '1',
      TEND_E2E_INSTANCES: JSON.stringify(stack.instances),
      TEND_E2E_BALANCER_STATS: `http://127.0.0.1:${BALANCER_STATS_PORT}/stats`,
    });
  } catch (error) {
    startUpFailed('deployed e2e', error, work);
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
  } else if (noE2e) {
    await checkSteps();
    finishUnitStage(await startUnitStage(false));
  } else {
    // The unit stage starts beside the build (which leaves a quarter of the cores idle) once the contract's
    // client is generated: neither turbo run regenerates it while the other reads it.
    if ((await generateClient()) !== 0) failStep('generate the contract client');
    const unit = startUnitStage(true);
    await checkSteps(true);
    step('end-to-end tests (Playwright, Chromium) against the started product');
    await e2eStep();
    if (!noDeployed) await deployedStep();
    endStep();
    console.log('\n  waiting for the unit stage, which runs beside the build and the end-to-end tests…');
    finishUnitStage(await unit);
  }
  printTimings();
  if (tally.failures.length) console.log(`\nfailed steps: ${tally.failures.join('; ')}`);
  console.log(`\n${tally.passed} passed, ${tally.failed} failed`);
  process.exit(tally.failed > 0 || tally.failures.length > 0 ? 1 : 0);
}

void main();
