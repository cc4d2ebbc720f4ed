// The README's workspace table is where a newcomer learns the packages: it must name every workspace package
// (folder and package name) and nothing that is not one.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');

/** The root package.json's workspaces: each entry a folder, or `folder/*` for every folder inside it. */
function workspaceFolders(): string[] {
  const { workspaces } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  return workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    if (/[*?[{]/.test(parent)) throw new Error(`Workspace pattern not understood here: ${pattern}`);
    return readdirSync(join(ROOT, parent), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `${parent}/${d.name}`);
  });
}

function workspacePackages(): Array<{ folder: string; name: string }> {
  return workspaceFolders()
    .filter((folder) => existsSync(join(ROOT, folder, 'package.json')))
    .map((folder) => ({
      folder,
      name: (JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')) as { name: string }).name,
    }));
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

  it('reads the workspaces from the root package.json', () => {
    const folders = workspaceFolders();
    expect(folders).toEqual(expect.arrayContaining(['apps/public', 'packages/domain', 'packages/portal']));
    expect(workspacePackages().length).toBe(
      folders.filter((f) => existsSync(join(ROOT, f, 'package.json'))).length,
    );
  });
});
