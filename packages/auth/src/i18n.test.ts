import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasKey, listSourceFiles } from '@tend/i18n/scan';
import { PROBLEM_KEYS } from './flow/problems.ts';
import en from './locales/en.json';

const SRC = import.meta.dirname;
const TA_CALL = /(?<![\w$.])(?:ta|authKey)\(\s*(['"`])([^'"`$\\\n]+)\1/g;

describe('the auth namespace', () => {
  const files = listSourceFiles(SRC);
  const used = files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(TA_CALL)].map((m) => ({ file: file.slice(SRC.length + 1), key: m[2]! })),
  );

  it('scans the package sources', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(used.length).toBeGreaterThan(50);
  });

  it('has every key the code uses in English', () => {
    const missing = used.filter((u) => !hasKey([en], u.key)).map((u) => `${u.file}: ${u.key}`);
    expect(missing).toEqual([]);
  });

  it('has a message for every problem', () => {
    const missing = PROBLEM_KEYS.filter((key) => !hasKey([en], `errors.${key}`));
    expect(missing).toEqual([]);
  });

  it('keeps strings out of the code: no unused keys in English', () => {
    const leaves: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (typeof node === 'string') leaves.push(path.replace(/_(one|other)$/, ''));
      else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, path ? `${path}.${k}` : k);
    };
    walk(en, '');
    const all = files.map((f) => readFileSync(f, 'utf8')).join('\n');
    const dynamic = new Set([...PROBLEM_KEYS.map((k) => `errors.${k}`)]);
    const unused = [...new Set(leaves)].filter((key) => !dynamic.has(key) && !all.includes(`'${key}'`));
    expect(unused).toEqual([]);
  });
});
