import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { COMPRESSIBLE } from './serve.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Brotli's settings for a text file of `size` bytes: best quality. The bundle budgets (scripts/bundle-size.ts)
 * measure with the same settings, so they can read the `.br` copies written here instead of compressing again.
 */
export function brotliParams(size: number): Record<number, number> {
  return {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  };
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every compressible file of a
 * folder, when the copy is smaller. The local server sends them by `Accept-Encoding` (Firebase Hosting
 * compresses by itself and is not given them). Returns how many files got copies.
 */
export async function precompress(dir: string): Promise<number> {
  const jobs: Array<Promise<boolean>> = [];
  for await (const path of files(dir)) {
    if (!COMPRESSIBLE.has(extname(path))) continue;
    jobs.push(
      (async () => {
        const data = await readFile(path);
        const [br, gzipped] = await Promise.all([
          brotli(data, { params: brotliParams(data.length) }),
          gz(data, { level: 9 }),
        ]);
        const smaller = [
          { ext: 'br', bytes: br },
          { ext: 'gz', bytes: gzipped },
        ].filter((c) => c.bytes.length < data.length);
        await Promise.all(smaller.map((c) => writeFile(`${path}.${c.ext}`, c.bytes)));
        return smaller.length > 0;
      })(),
    );
  }
  return (await Promise.all(jobs)).filter(Boolean).length;
}

/**
 * Vite plugin: precompresses the finished build (after every other plugin wrote its files: the translations,
 * the prerendered pages). Hand-written over node:zlib rather than a compression plugin because those work on
 * Rollup's bundle, which does not hold the files written after it.
 */
export function tendPrecompress(): Plugin {
  let outDir = '';
  let skip = false;
  return {
    name: 'tend:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
      skip = Boolean(config.build.ssr);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (skip) return;
        const count = await precompress(outDir);
        this.info?.(`precompressed ${count} files (brotli, gzip)`);
      },
    },
  };
}
