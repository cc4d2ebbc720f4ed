/**
 * What `npm test` counts and times (scripts/test.ts): the passed and failed tests summed from vitest's and
 * Playwright's JSON reports, the failed steps, and each stage's time with how busy the cores were meanwhile.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';

export const tally = { passed: 0, failed: 0, failures: [] as string[] };

/** The machine's CPU counters (Linux /proc/stat: all cores' busy and idle ticks; guest time is within user time). */
export function cpuTicks(): { busy: number; idle: number } | undefined {
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
export const timings: Array<{ name: string; ms: number; busy?: number; beside?: boolean }> = [];
const scriptStarted = Date.now();
let current: { name: string; start: number; cpu?: { busy: number; idle: number } } | undefined;

export function endStep() {
  if (current) {
    const busy = busyBetween(current.cpu, cpuTicks());
    timings.push({
      name: current.name,
      ms: Date.now() - current.start,
      ...(busy !== undefined ? { busy } : {}),
    });
  }
  current = undefined;
}

export function step(name: string) {
  endStep();
  current = { name, start: Date.now(), cpu: cpuTicks() };
  console.log(`\n\x1b[1m▶ ${name}\x1b[0m`);
}

export function printTimings() {
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

export function failStep(name: string) {
  tally.failed += 1;
  tally.failures.push(name);
}

/** Whether a stage is under way (the end-to-end step starts its own unless the caller already did). */
export function inStep(): boolean {
  return current !== undefined;
}

/** The share of the cores' time that was busy between two readings of cpuTicks. */
export function busyBetween(
  before: { busy: number; idle: number } | undefined,
  now: { busy: number; idle: number } | undefined,
): number | undefined {
  return now && before && now.busy + now.idle > before.busy + before.idle
    ? (now.busy - before.busy) / (now.busy - before.busy + now.idle - before.idle)
    : undefined;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numTotalTests: number;
}

export function countVitest(file: string, label: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport;
  tally.passed += report.numPassedTests;
  tally.failed += report.numFailedTests;
  console.log(`  ${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}

export interface PlaywrightSuite {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{ tests: Array<{ results: Array<{ duration: number }> }> }>;
}
export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites?: PlaywrightSuite[];
}

/** Adds a Playwright JSON report's results to the totals; removes `work` when nothing failed. */
export function countPlaywright(reportFile: string, work: string, label: string, print?: () => void) {
  if (existsSync(reportFile)) {
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as PlaywrightReport;
    print?.();
    const { expected, unexpected, flaky } = report.stats;
    tally.passed += expected + flaky;
    tally.failed += unexpected;
    console.log(`  playwright: ${expected + flaky} passed (${flaky} flaky), ${unexpected} failed`);
    if (unexpected === 0) rmSync(work, { recursive: true, force: true });
    else console.log(`  logs kept in ${work}`);
  } else if (!tally.failures.includes(`${label} start-up`)) {
    failStep(`${label} (no Playwright report)`);
    console.log(`  logs kept in ${work}`);
  }
}
