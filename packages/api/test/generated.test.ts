import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageDir } from './paths.ts';

/** Every file under dir, as paths relative to it, sorted. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(dir, join(d.parentPath, d.name)))
    .sort();
}

// The copy lives inside the package so that node_modules (orval, faker, @tend/config) resolve as here.
const scratch = mkdtempSync(join(packageDir, '.regen-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the committed generated client', () => {
  it('is exactly what `npm run generate` makes from openapi.yaml', () => {
    for (const name of [
      'openapi.yaml',
      'orval.config.ts',
      'package.json',
      'tsconfig.json',
      'scripts',
      'src/http.ts',
      'src/fetcher',
    ]) {
      cpSync(join(packageDir, name), join(scratch, name), { recursive: true });
    }
    const result = spawnSync(process.execPath, [join(scratch, 'scripts', 'generate.mjs'), scratch], {
      cwd: scratch,
      encoding: 'utf8',
    });
    expect(result.status, result.stderr + result.stdout).toBe(0);
    expect(result.stderr + result.stdout).not.toContain('Failed to parse provided mutator');

    const committed = join(packageDir, 'src', 'generated');
    const fresh = join(scratch, 'src', 'generated');
    expect(files(fresh)).toEqual(files(committed));
    const stale = files(fresh).filter(
      (file) => readFileSync(join(fresh, file), 'utf8') !== readFileSync(join(committed, file), 'utf8'),
    );
    expect(stale, 'run `npm run generate -w @tend/api` and commit src/generated').toEqual([]);
  }, 600_000); // Orval needs about 11 CPU-seconds; beside the browser tests on CI it took over 240 s
});
