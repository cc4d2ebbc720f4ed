/**
 * The large data set for benchmarks (`npm run bench`), seeded after the demo data into an empty database
 * when the server starts with `TEND_SEED=large` (or by `npm run seed:large -w @tend/server` into the
 * configured database, the Auth emulator running). Never used by tests or `npm start`.
 *
 * Each part is a file of ./parts/ (run in file-name order) whose default export is a LargeSeedPart; a part
 * adds the rows one benchmark needs (one patient's 10,000 moments, a therapist's 10,000 patients, 1,000
 * organisations, a 5,000-message chat …) and names what it made in BENCH_DATA comments of its own file.
 * Parts insert in batches inside transactions, so the whole set takes seconds, not minutes.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config } from '../../config.ts';
import type { IdentityHooks } from '../../http/types.ts';
import type { Db } from '../index.ts';
import { DEMO } from '../seed-data.ts';

export interface LargeSeedContext {
  db: Db;
  config: Config;
  /** The identity part's hooks (to create sign-in accounts in the Auth emulator), when loaded. */
  identity: IdentityHooks | undefined;
  demo: typeof DEMO;
  log(line: string): void;
}

export interface LargeSeedPart {
  /** What the part seeds, for the log ("10,000 moments of the bench patient"). */
  name: string;
  seed(ctx: LargeSeedContext): Promise<void>;
}

/** Inserts rows in batches of `size` (PostgreSQL allows 65,535 parameters per statement). */
export async function inBatches<T>(
  rows: T[],
  size: number,
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function loadParts(): Promise<LargeSeedPart[]> {
  const dir = join(import.meta.dirname, 'parts');
  const files = readdirSync(dir)
    .filter((f) => /\.ts$/.test(f) && !/\.(test|d)\.ts$/.test(f))
    .sort();
  const parts: LargeSeedPart[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(dir, file)).href)) as { default: LargeSeedPart };
    parts.push(mod.default);
  }
  return parts;
}

/** Seeds every part of the large data set (the demo data must be there already). */
export async function seedLarge(ctx: Omit<LargeSeedContext, 'demo'>): Promise<void> {
  for (const part of await loadParts()) {
    const started = Date.now();
    await part.seed({ ...ctx, demo: DEMO });
    ctx.log(`${part.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
}
