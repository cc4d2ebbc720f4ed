import type { Stack } from '../lib/stack.ts';

/** What every bench section gets. */
export interface BenchContext {
  /** The repository root. */
  root: string;
  /** Debian's Chromium (or CHROMIUM_PATH), undefined when absent. */
  chromium: string | undefined;
  /**
   * The product as `npm start` serves it, on a fresh database seeded with the demo data and the large data
   * set; started on first use and shared by every section of the run.
   */
  stack(): Promise<Stack>;
}

/** One section of `npm run bench`: a file `scripts/bench/NN-name.ts` whose default export is this. */
export interface BenchSection {
  /** Short name, to run only this section: `npm run bench -- <name>`. */
  name: string;
  /** The heading printed above its table. */
  title: string;
  run(ctx: BenchContext): Promise<void>;
}

/** The Chromium a browser section runs in; without one, says the section (or `what` of it) is skipped. */
export function chromiumOrSkip(ctx: BenchContext, what = 'skipped'): string | undefined {
  if (!ctx.chromium) console.log(`  ${what}: no Chromium (apt-get install chromium, or set CHROMIUM_PATH)`);
  return ctx.chromium;
}

/** A browser section's Chromium once the stack is up; without one, the section is said skipped, nothing started. */
export async function chromiumWithStack(ctx: BenchContext): Promise<string | undefined> {
  const chromium = chromiumOrSkip(ctx);
  if (chromium) await ctx.stack();
  return chromium;
}

/** A section that measures in a browser: `run` gets Chromium once the stack is up; skipped (said) without one. */
export function browserSection(
  name: string,
  title: string,
  run: (chromium: string, ctx: BenchContext) => Promise<void>,
): BenchSection {
  return {
    name,
    title,
    async run(ctx) {
      const chromium = await chromiumWithStack(ctx);
      if (chromium) await run(chromium, ctx);
    },
  };
}

/** The median of some numbers (the machine has 2 cores: report the median of 3 runs). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Prints rows as an aligned table (first row is the header). */
export function printTable(rows: Array<Array<string | number>>): void {
  const text = rows.map((r) => r.map(String));
  const widths = text[0]!.map((_, i) => Math.max(...text.map((r) => (r[i] ?? '').length)));
  for (const [n, r] of text.entries()) {
    console.log('  ' + r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
    if (n === 0) console.log('  ' + widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

/** How many runs the browser sections take the median of: 3, or `--runs=N` (1 to look at a trace quickly). */
export const LIST_RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3) || 3;
