/**
 * Bundle budgets and bench. Reads each app's Vite manifest (dist/.vite/manifest.json, written because the
 * shared Vite preset sets build.manifest) and measures:
 *   initial JS  = the entry chunk of index.html plus every chunk it imports statically (transitively),
 *                 i.e. everything loaded before the first route renders (dynamic imports excluded);
 *   total JS    = every .js file the build emitted;
 *   largest     = the biggest emitted chunk.
 * --check compares initial JS (brotli) with budgets.json and exits 1 on any excess or missing build.
 * --table prints the bench table (gzip and brotli). Both may be given.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { brotliParams } from '../packages/config/src/compress.ts';
import { chunkFiles, entryChunk, type Manifest } from '../packages/config/src/manifest.ts';
import { APP_NAMES, type AppName } from '../packages/config/src/ports.ts';
import { ROOT } from './lib/stack.ts';

export interface AppSizes {
  app: AppName;
  initialFiles: string[];
  initialRaw: number;
  initialGzip: number;
  initialBrotli: number;
  totalJsRaw: number;
  totalJsBrotli: number;
  largest: { file: string; raw: number; brotli: number };
}

/**
 * A file's size under brotli at best quality: the size of the `.br` copy the build wrote beside it (the
 * precompress plugin, same settings), else compressed here (no copy: the file was no smaller compressed).
 */
const brotli = (buf: Buffer, path: string) => {
  const copy = `${path}.br`;
  return existsSync(copy)
    ? statSync(copy).size
    : brotliCompressSync(buf, { params: brotliParams(buf.length) }).length;
};
const gzip = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;

export function initialChunks(manifest: Manifest): string[] {
  return chunkFiles(manifest, entryChunk(manifest)).js;
}

/**
 * initialChunks, or, when the manifest marks no entry (a build without any lazy import, like the floor's: the
 * `initial` group then takes the entry's place and Vite's manifest loses its isEntry), the chunk index.html loads.
 */
function initialChunksOf(manifest: Manifest, dist: string): string[] {
  if (Object.values(manifest).some((c) => c.isEntry)) return initialChunks(manifest);
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const src = /<script type="module"[^>]*\ssrc="\/([^"]+)"/.exec(html)?.[1];
  const key = Object.keys(manifest).find((k) => manifest[k]!.file === src);
  if (!key) throw new Error(`${dist}: no entry chunk in the manifest or index.html`);
  return chunkFiles(manifest, key).js;
}

function listJs(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.js')) out.push(p);
    }
  };
  walk(dir);
  return out;
}

export function measure(app: AppName): AppSizes {
  return measureDist(app, join(ROOT, 'apps', app, 'dist')) as AppSizes;
}

/** The sizes of any Vite build with a manifest (an app's, or the floor fixture's). */
export function measureDist(name: string, dist: string): Omit<AppSizes, 'app'> & { app: string } {
  const app = name;
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath))
    throw new Error(`${app}: no build (${manifestPath} missing): run the build first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const initialFiles = initialChunksOf(manifest, dist);
  let initialRaw = 0,
    initialGzip = 0,
    initialBrotli = 0;
  for (const f of initialFiles) {
    const buf = readFileSync(join(dist, f));
    initialRaw += buf.length;
    initialGzip += gzip(buf);
    initialBrotli += brotli(buf, join(dist, f));
  }
  let totalJsRaw = 0,
    totalJsBrotli = 0;
  let largest = { file: '', raw: 0, brotli: 0 };
  for (const path of listJs(dist)) {
    const buf = readFileSync(path);
    const b = brotli(buf, path);
    totalJsRaw += buf.length;
    totalJsBrotli += b;
    if (buf.length > largest.raw) largest = { file: path.slice(dist.length + 1), raw: buf.length, brotli: b };
  }
  return { app, initialFiles, initialRaw, initialGzip, initialBrotli, totalJsRaw, totalJsBrotli, largest };
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/**
 * The libraries' floor: the bench fixture scripts/bench/floor (a trivial page with the libraries every portal's
 * first view needs, see its main.ts) built with the apps' own Vite preset into a temporary folder, measured as
 * the apps are. Returns its sizes; the folder is removed.
 */
export async function measureFloor(): Promise<ReturnType<typeof measureDist>> {
  const { build } = await import('vite');
  const { tendViteConfig } = await import('../packages/config/src/vite.ts');
  const outDir = mkdtempSync(join(tmpdir(), 'tend-floor-'));
  try {
    const config = tendViteConfig('patient', {
      root: join(ROOT, 'scripts', 'bench', 'floor'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
    delete (config as { test?: unknown }).test;
    await build({ ...config, configFile: false });
    return measureDist('floor', outDir);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * The bench table: every app's initial JS (gzip, brotli) against its budget and, when given, the libraries'
 * floor (measureFloor), total JS and largest chunk.
 */
export function printBenchTable(floor?: ReturnType<typeof measureDist>): void {
  const budgets = readBudgets();
  const rows = APP_NAMES.map((app) => measure(app));
  const header = [
    'app',
    'initial gzip',
    'initial brotli',
    ...(floor ? ['× floor'] : []),
    'budget',
    'total JS (raw)',
    'total JS brotli',
    'largest chunk (raw / brotli)',
  ];
  const body = rows.map((r) => [
    r.app,
    kib(r.initialGzip),
    kib(r.initialBrotli),
    ...(floor ? [`${(r.initialBrotli / floor.initialBrotli).toFixed(2)}×`] : []),
    `${budgets[r.app]} KiB`,
    kib(r.totalJsRaw),
    kib(r.totalJsBrotli),
    `${r.largest.file} (${kib(r.largest.raw)} / ${kib(r.largest.brotli)})`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const fmt = (row: string[]) => `| ${row.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(fmt(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of body) console.log(fmt(row));
  if (floor)
    console.log(
      `the libraries' floor (scripts/bench/floor): initial JS ${kib(floor.initialGzip)} gzip, ${kib(floor.initialBrotli)} brotli`,
    );
}

const readBudgets = () =>
  JSON.parse(readFileSync(join(ROOT, 'budgets.json'), 'utf8')).initialJsBrotliKiB as Record<AppName, number>;

function main() {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const table = args.includes('--table') || !check;
  const budgets = readBudgets();
  const rows: AppSizes[] = [];
  const failures: string[] = [];
  for (const app of APP_NAMES) {
    try {
      rows.push(measure(app));
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  if (table && failures.length === 0) printBenchTable();
  if (check) {
    for (const r of rows) {
      const budget = budgets[r.app] * 1024;
      const verdict = r.initialBrotli <= budget ? 'ok' : 'OVER BUDGET';
      console.log(`budget ${r.app}: initial JS ${kib(r.initialBrotli)} brotli of ${kib(budget)}: ${verdict}`);
      if (r.initialBrotli > budget)
        failures.push(
          `${r.app} initial JS is ${kib(r.initialBrotli)} brotli, over its ${kib(budget)} budget`,
        );
    }
  }
  if (failures.length) {
    for (const f of failures) console.error(`budget: ${f}`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
