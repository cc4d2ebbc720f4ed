// The README's workspace table is where a newcomer learns the packages: it must name every workspace package
// (folder and package name) and nothing that is not one.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');

function workspacePackages(): Array<{ folder: string; name: string }> {
  return ['apps', 'packages'].flatMap((top) =>
    readdirSync(join(ROOT, top), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(ROOT, top, d.name, 'package.json')))
      .map((d) => ({
        folder: `${top}/${d.name}`,
        name: (JSON.parse(readFileSync(join(ROOT, top, d.name, 'package.json'), 'utf8')) as { name: string })
          .name,
      })),
  );
}

function readmeTable(): Array<{ folder: string; name: string }> {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## Workspace'));
  const rows = section.slice(0, section.indexOf('\n\n', section.indexOf('|'))).split('\n');
  return rows
    .map((row) => /^\|\s*`([^`]+)`\s*\|\s*`([^`]+)`\s*\|/.exec(row))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ folder: m[1]!, name: m[2]! }));
}

describe("the README's workspace table", () => {
  it('names every workspace package, with its folder, and no other', () => {
    const byFolder = (a: { folder: string }, b: { folder: string }) => a.folder.localeCompare(b.folder);
    expect(readmeTable().sort(byFolder)).toEqual(workspacePackages().sort(byFolder));
  });
});
