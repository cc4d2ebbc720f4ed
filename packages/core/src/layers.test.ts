// The packages stand in layers and every import points down: config → i18n, api → core, ui → auth, domain →
// portal → the apps. A package's source (tests and test helpers aside) imports only packages of lower layers.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const PACKAGES = resolve(import.meta.dirname, '..', '..');

const LAYER: Record<string, number> = {
  config: 0,
  i18n: 1,
  api: 1,
  core: 2,
  ui: 2,
  auth: 3,
  domain: 3,
  portal: 4,
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'generated' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) &&
      !/\.test\.tsx?$|testing\.tsx?$|test-utils|test-setup/.test(entry.name)
      ? [path]
      : [];
  });
}

/**
 * Every `@tend/<package>` a file imports: `import … from`, `export … from`, the last line of a multi-line
 * import, `import('…')`. (Code a build writes into a bundle, inside a string, is not an import of the file.)
 */
function importedPackages(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const statement = /^\s*(?:(?:import|export)\b[^'"]*?from\s*|\}\s*from\s*)'@tend\/([a-z0-9-]+)/gm;
  const dynamic = /\bimport\(\s*'@tend\/([a-z0-9-]+)/g;
  return [...text.matchAll(statement), ...text.matchAll(dynamic)].map((m) => m[1]!);
}

describe('package layers', () => {
  it('has every package in a layer', () => {
    const folders = readdirSync(PACKAGES, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.sort()).toEqual(Object.keys(LAYER).sort());
  });

  it('imports only from lower layers (no arrow points back up or sideways)', () => {
    const upward: string[] = [];
    let seen = 0;
    for (const [pkg, layer] of Object.entries(LAYER)) {
      for (const file of sources(join(PACKAGES, pkg, 'src'))) {
        for (const imported of importedPackages(file)) {
          seen++;
          if (imported !== pkg && (LAYER[imported] ?? Infinity) >= layer)
            upward.push(`${file.slice(PACKAGES.length + 1)} → @tend/${imported}`);
        }
      }
    }
    expect(seen).toBeGreaterThan(200);
    expect(upward).toEqual([]);
  });
});
