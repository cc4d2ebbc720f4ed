// Checked on the whole contract: every operation has a handler (none answers 501),
// and every operation is exercised by at least one HTTP test somewhere in the server's test files (by its
// operationId, which the contract-checking helpers take, or by a request to its path). A test that builds
// operationIds or paths in a loop names what it covers in a comment: `// contract-coverage: opA opB`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations, loadContract } from '../src/http/contract.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const SERVER_ROOT = join(import.meta.dirname, '..');
const doc = loadContract();
const operations = listOperations(doc);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') && path !== import.meta.filename ? [path] : [];
  });
}

/** A regular expression matching a request URL of the operation's path in test source (params any segment). */
export function pathPattern(path: string): RegExp {
  const parts = path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  const body = parts.join('(?:[^/\'"`?\\s]+|\\$\\{[^}]+\\})');
  // The path ends there: a query string, a closing quote or backtick follows.
  return new RegExp(`${body.replace(/\/$/, '/?')}(?=[?'"\`])`);
}

describe('contract coverage of the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has a handler for every operation: none answers 501', () => {
    const missing = operations
      .filter((op) => !t.app.tend.handlers[op.operationId])
      .map((op) => op.operationId);
    expect(missing).toEqual([]);
  });

  it('exercises every operation in at least one HTTP test', () => {
    const sources = testFiles(SERVER_ROOT).map((file) => ({
      file: relative(SERVER_ROOT, file),
      text: readFileSync(file, 'utf8'),
    }));
    expect(sources.length).toBeGreaterThan(10);
    const untested = operations
      .filter((op) => {
        const byId = new RegExp(`['"\`]${op.operationId}['"\`]`);
        const byPath = pathPattern(op.path);
        const declared = new RegExp(`//\\s*contract-coverage:[^\\n]*\\b${op.operationId}\\b`);
        return !sources.some(({ text }) => byId.test(text) || byPath.test(text) || declared.test(text));
      })
      .map((op) => `${op.method.toUpperCase()} ${op.path} (${op.operationId})`);
    expect(untested).toEqual([]);
  });

  it('matches paths with parameters and without', () => {
    expect(pathPattern('/patients/{patientId}/moments').test("'/patients/p-1/moments?limit=2'")).toBe(true);
    expect(pathPattern('/patients/{patientId}/moments').test('`/patients/${id}/moments`')).toBe(true);
    expect(pathPattern('/patients/{patientId}/moments').test("'/patients/p-1/moments/m-1/content'")).toBe(
      false,
    );
    expect(pathPattern('/therapist/details/').test("'/therapist/details'")).toBe(true);
  });
});
