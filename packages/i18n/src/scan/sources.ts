/** Which files the scanners read. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE = /\.(ts|tsx|js|jsx|mts)$/;
const SKIP_FILE = /\.(test|spec)\.[cm]?[jt]sx?$|\.d\.ts$/;
const SKIP_DIR = new Set(['node_modules', 'generated', 'dist', 'test-results', '__fixtures__']);

/**
 * Source files under a directory, without tests, declarations and generated code. Hidden directories are
 * skipped too: the API generator writes its next client to a scratch `src/.generated-next-<pid>` and swaps it
 * in, so a scan running beside `npm run generate` would otherwise list files that vanish before they are read.
 */
export function listSourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIR.has(entry.name) && !entry.name.startsWith('.')) out.push(...listSourceFiles(path));
    } else if (SOURCE.test(entry.name) && !SKIP_FILE.test(entry.name)) {
      out.push(path);
    }
  }
  return out;
}
