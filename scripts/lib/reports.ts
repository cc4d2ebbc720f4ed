/**
 * Where `npm test`'s time went, printed after each stage: turbo's slowest tasks, Playwright's slowest spec
 * files, the axe runs and the waits for a second-factor code.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './stack.ts';
import type { PlaywrightReport, PlaywrightSuite } from './tally.ts';

/** The slowest turbo tasks of the runs that began at or after `since` (their summaries, --summarize). */
export function printTurboTaskTimes(since = 0) {
  const dir = join(ROOT, '.turbo', 'runs');
  if (!existsSync(dir)) return;
  const tasks = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).mtimeMs >= since)
    .flatMap(
      (f) =>
        (
          JSON.parse(readFileSync(f, 'utf8')) as {
            tasks: Array<{
              taskId: string;
              cache: { status: string };
              execution?: { startTime: number; endTime: number };
            }>;
          }
        ).tasks,
    )
    .filter((t) => t.execution && t.execution.startTime >= since)
    .map((t) => ({
      id: t.taskId,
      s: (t.execution!.endTime - t.execution!.startTime) / 1000,
      hit: t.cache.status === 'HIT',
    }))
    .sort((a, b) => b.s - a.s);
  if (tasks.length === 0) return;
  console.log('\nturbo tasks by time (s):');
  for (const t of tasks.slice(0, 12))
    console.log(`  ${t.s.toFixed(0).padStart(5)}  ${t.id}${t.hit ? ' (cached)' : ''}`);
}

/** The spec files that took longest (every try of every test, summed per file; workers run side by side). */
export function printSpecTimes(report: PlaywrightReport) {
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

/** The times (ms) the specs noted one per line in `file` (axe runs, TOTP waits); undefined when none was. */
function notedTimes(file: string): number[] | undefined {
  if (!existsSync(file)) return undefined;
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);
}

/** How much of the end-to-end time the accessibility checks took (each axe run's time, summed over workers). */
export function printAxeTimes(file: string) {
  const runs = notedTimes(file);
  if (!runs) return;
  const total = runs.reduce((sum, ms) => sum + ms, 0);
  console.log(
    `\naxe: ${runs.length} runs, ${(total / 1000).toFixed(0)} s in all (median ${
      runs.length ? [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)] : 0
    } ms)`,
  );
}

/** How long the specs waited for a second-factor code's next time step (summed over workers). */
export function printTotpWaits(file: string) {
  const waits = notedTimes(file);
  if (!waits) return;
  const total = waits.reduce((sum, ms) => sum + ms, 0);
  console.log(`waits for a TOTP step: ${waits.length}, ${(total / 1000).toFixed(0)} s in all`);
}
