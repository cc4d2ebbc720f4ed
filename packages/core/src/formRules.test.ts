import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as contract from '@tend/api/zod';
import { commonEn, initI18nInMemory } from '@tend/i18n';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { formIssueMessage, formRules } from './formRules.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
/** Every message a form may show: the common `validation` words. */
const WORDS = new Set(Object.values(commonEn.validation as Record<string, string>));
/** Zod's and the old validators' own texts, which must never reach a screen. */
const JARGON =
  /too small|too big|expected|received|invalid (input|url|email|string|option)|can't be blank|is not a valid|>=|<=/i;

const isSchema = (value: unknown): value is ZodType =>
  typeof value === 'object' && value !== null && '~standard' in value && 'def' in value;

/** An empty form of the schema: every top-level field blank ('' for text, [] for lists), or nothing at all. */
function emptyValues(schema: ZodType): Array<Record<string, unknown>> {
  const shape = (schema as unknown as { def: { shape?: Record<string, ZodType> } }).def.shape;
  if (!shape) return [{}];
  const blank: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const type = (field as unknown as { def: { type: string; innerType?: { def: { type: string } } } }).def;
    const inner = type.innerType?.def.type ?? type.type;
    blank[key] = inner === 'array' ? [] : inner === 'number' ? Number.NaN : '';
  }
  return [{}, blank];
}

function words(n: number, key: 'tooShort' | 'tooLong') {
  return (commonEn.validation as Record<string, string>)[`${key}_${n === 1 ? 'one' : 'other'}`]!.replace(
    '{{count}}',
    String(n),
  );
}

describe('the forms’ one error map', () => {
  beforeAll(() => {
    initI18nInMemory({ app: 'patient', resources: { en: { common: commonEn } } });
  });

  it('words every issue of every contract schema submitted empty for a person (no zod text)', () => {
    // Read as a plain record: relating the namespace's own type (every schema of the contract) to a record cost
    // the type checker 13 s, a fifth of the whole web typecheck.
    const schemas = Object.entries(contract as unknown as Record<string, unknown>).filter(([, value]) =>
      isSchema(value),
    );
    expect(schemas.length).toBeGreaterThan(50);
    const shown = new Set<string>();
    for (const [name, schema] of schemas) {
      const validate = formRules(schema as ZodType);
      for (const values of emptyValues(schema as ZodType)) {
        for (const message of Object.values(validate(values))) {
          const text = String(message);
          expect(JARGON.test(text), `${name}: "${text}"`).toBe(false);
          expect(
            WORDS.has(text) || /^Please (write at least|keep this to|choose|enter) /.test(text),
            `${name}: "${text}"`,
          ).toBe(true);
          shown.add(text);
        }
      }
    }
    expect(shown).toContain('Please fill this in.');
  });

  it('says limits with plural rules and formats in words', () => {
    const t = initI18nInMemory({ app: 'patient', resources: { en: { common: commonEn } } }).t;
    const issue = (extra: Record<string, unknown>) => formIssueMessage(extra as never, t);
    expect(issue({ code: 'too_small', origin: 'string', minimum: 1, input: 'ab' })).toBe(
      words(1, 'tooShort'),
    );
    expect(issue({ code: 'too_small', origin: 'string', minimum: 8, input: 'ab' })).toBe(
      words(8, 'tooShort'),
    );
    expect(issue({ code: 'too_small', origin: 'string', minimum: 1, input: '' })).toBe(
      'Please fill this in.',
    );
    expect(issue({ code: 'too_big', origin: 'string', maximum: 1, input: 'ab' })).toBe(words(1, 'tooLong'));
    expect(issue({ code: 'too_big', origin: 'string', maximum: 200, input: 'ab' })).toBe(
      words(200, 'tooLong'),
    );
    expect(issue({ code: 'invalid_format', format: 'url', input: 'x' })).toBe(
      'Please enter a web address, like https://example.org.',
    );
    expect(issue({ code: 'invalid_format', format: 'email', input: 'x' })).toBe(
      'Please enter an e-mail address, like name@example.com.',
    );
    expect(issue({ code: 'invalid_type', expected: 'string', input: undefined })).toBe(
      'Please fill this in.',
    );
    expect(issue({ code: 'too_small', origin: 'number', minimum: 1, input: 0 })).toBe(
      'Please enter 1 or more.',
    );
    expect(issue({ code: 'too_small', origin: 'array', minimum: 1, input: [] })).toBe(
      'Please choose at least one.',
    );
  });

  it('is the only way the apps check a form against the contract (no schemaResolver of their own)', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (entry === 'node_modules' || entry === 'generated') continue;
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) {
          if (/\bschemaResolver\(\s*[A-Za-z_]/.test(readFileSync(path, 'utf8')))
            offenders.push(path.slice(ROOT.length + 1));
        }
      }
    };
    for (const app of ['public', 'patient', 'therapist', 'admin']) walk(join(ROOT, 'apps', app, 'src'));
    walk(join(ROOT, 'packages'));
    expect(offenders.filter((p) => !p.endsWith('packages/core/src/formRules.ts'))).toEqual([]);
  });
});
