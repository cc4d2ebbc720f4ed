/**
 * `npm run bench [-- <section> ...]`: the benchmarks of the product, one section per file of scripts/bench/
 * (run in file-name order; name sections to run only those). Figures are printed, never asserted: scale and
 * speed are measured here, not by timed tests. Sections that need the running product share one stack,
 * started once on a fresh database with the large data set (`TEND_SEED=large`, see
 * apps/server/src/db/seed-large/), and stopped at the end.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromiumPath } from './lib/chromium.ts';
import { ROOT, buildApps, startStack, stopEverything, type Stack } from './lib/stack.ts';
import type { BenchContext, BenchSection } from './bench/types.ts';

async function loadSections(): Promise<BenchSection[]> {
  const dir = join(ROOT, 'scripts', 'bench');
  const files = readdirSync(dir)
    .filter((f) => /^\d+-.*\.ts$/.test(f) && !f.endsWith('.test.ts'))
    .sort();
  const sections: BenchSection[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as { default: BenchSection };
    sections.push(mod.default);
  }
  return sections;
}

async function main() {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const all = await loadSections();
  const sections = wanted.length ? all.filter((s) => wanted.includes(s.name)) : all;
  if (wanted.length && sections.length === 0) {
    console.error(`No such section: ${wanted.join(', ')}. Sections: ${all.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  // --running: measure the product already running (`TEND_SEED=large npm start`), without building or starting it.
  const running = process.argv.includes('--running');
  if (!running && (await buildApps()) !== 0) {
    console.error('build failed');
    process.exit(1);
  }
  let stack: Stack | undefined;
  let work: string | undefined;
  const ctx: BenchContext = {
    root: ROOT,
    chromium: chromiumPath(),
    async stack() {
      if (running) return { services: [], stop: async () => {} };
      if (!stack) {
        work = mkdtempSync(join(tmpdir(), 'tend-bench-'));
        console.log(`\nstarting the product on a fresh database with the large data set (${work}) …`);
        stack = await startStack({
          dataDir: join(work, 'data'),
          logDir: join(work, 'logs'),
          env: { TEND_SEED: 'large' },
        });
      }
      return stack;
    },
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => void stopEverything().then(() => process.exit(130)));
  }
  let failed = 0;
  try {
    for (const section of sections) {
      console.log(`\n\x1b[1m${section.title}\x1b[0m`);
      try {
        await section.run(ctx);
      } catch (error) {
        failed++;
        console.error(`  ${section.name} failed: ${(error as Error).stack ?? error}`);
      }
    }
  } finally {
    await stack?.stop();
    if (work && failed === 0) rmSync(work, { recursive: true, force: true });
    else if (work) console.log(`service logs kept in ${work}/logs`);
  }
  process.exit(failed ? 1 : 0);
}

void main();
