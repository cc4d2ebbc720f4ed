/** A package's own namespace checked both ways: no key missing from English, no English key unused. */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { hasKey } from './keys.ts';
import { listSourceFiles } from './sources.ts';

export interface NamespaceReport {
  /** Source files scanned. */
  files: number;
  /** Literal uses of the namespace's keys. */
  used: number;
  /** `file: key` for each key the code uses that English lacks. */
  missing: string[];
  /** English keys (plural suffixes folded) that no source file mentions literally. */
  unused: string[];
}

/**
 * Checks a package's own namespace both ways: every key its sources use through `functions` (e.g.
 * `['ta', 'authKey']`) is in English, and every English key is used somewhere (keys used only at run time are
 * listed in `dynamic`). Each package with a namespace runs it in a unit test.
 */
export function checkNamespace(options: {
  src: string;
  en: Record<string, unknown>;
  functions: string[];
  dynamic?: Iterable<string>;
}): NamespaceReport {
  const files = listSourceFiles(options.src);
  const call = new RegExp(
    `(?<![\\w$.])(?:${options.functions.join('|')})\\(\\s*(['"\`])([^'"\`$\\\\\\n]+)\\1`,
    'g',
  );
  const sources = files.map((file) => ({
    file: relative(options.src, file),
    text: readFileSync(file, 'utf8'),
  }));
  const used = sources.flatMap(({ file, text }) =>
    [...text.matchAll(call)].map((m) => ({ file, key: m[2]! })),
  );
  const missing = used.filter((u) => !hasKey([options.en], u.key)).map((u) => `${u.file}: ${u.key}`);
  const leaves: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') leaves.push(path.replace(/_(zero|one|two|few|many|other)$/, ''));
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) walk(v, path ? `${path}.${k}` : k);
  };
  walk(options.en, '');
  const all = sources.map((s) => s.text).join('\n');
  const dynamic = new Set(options.dynamic ?? []);
  const unused = [...new Set(leaves)].filter((key) => !dynamic.has(key) && !all.includes(`'${key}'`));
  return { files: files.length, used: used.length, missing, unused };
}
