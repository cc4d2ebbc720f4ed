// One error vocabulary: every `code` the server can answer is one of the contract's ErrorCode values, so the
// apps (toProblem in @tend/domain) have a translated message for each. The server's sources are read as text:
// HttpError constructions, the error helpers that take a code, and literal `code: '…'` error bodies.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../src/http/contract.ts';

const SRC = join(import.meta.dirname, '..', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

const PATTERNS = [
  /new HttpError\(\s*\d+,\s*'([a-z_]+)'/g,
  /\b(?:conflict|chatConflict)\(\s*'([a-z_]+)'/g,
  /\b(?:badRequest|unauthenticated|forbidden|tooManyAttempts)\([^;]*?,\s*'([a-z_]+)'\s*[,)]/g,
  /\bcode:\s*'([a-z_]+)',\s*message:/g,
];

describe('error codes', () => {
  const enumValues = (
    loadContract() as unknown as { components: { schemas: { ErrorCode: { enum: string[] } } } }
  ).components.schemas.ErrorCode.enum;
  const used = sources(SRC).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return PATTERNS.flatMap((re) =>
      [...text.matchAll(re)].map((m) => ({ file: relative(SRC, file), code: m[1]! })),
    );
  });

  it('finds the codes in the sources', () => {
    expect(new Set(used.map((u) => u.code)).size).toBeGreaterThan(30);
  });

  it('answers only codes of the contract (ErrorCode)', () => {
    // The development OpenID provider's interaction pages are not API answers.
    const unknown = used.filter(
      (u) => !enumValues.includes(u.code) && !u.file.startsWith('auth/openid/dev-provider'),
    );
    expect(unknown.map((u) => `${u.file}: ${u.code}`)).toEqual([]);
  });
});
