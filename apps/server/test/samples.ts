// Plausible requests for the contract's operations, for the tests that sweep every operation
// (sweep.test.ts: bad input; caching.test.ts: Cache-Control of every answer).
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { deref, loadContract, type Operation } from '../src/http/contract.ts';
import { closeObjects } from '../src/http/validation.ts';

const Ajv2020 = ((Ajv2020Module as unknown as { default?: unknown }).default ??
  Ajv2020Module) as typeof Ajv2020Module;
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as typeof addFormatsModule;

export const doc = loadContract();
const ajv = new Ajv2020({ strict: false });
addFormats(ajv);
ajv.addSchema(
  JSON.parse(JSON.stringify(doc).replace(/"\$ref":"#\//g, '"$ref":"tend-openapi.json#/')) as object,
  'tend-openapi.json',
);
const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
export const valid = (schema: unknown, value: unknown) => {
  const key = JSON.stringify(schema ?? {});
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(closeObjects(schema ?? {}, doc) as object);
    compiled.set(key, validate);
  }
  return validate(value);
};

export type Schema = Record<string, unknown>;

/** A plausible value for a schema (only used where it validates). */
export function sample(raw: unknown, depth = 0): unknown {
  const schema = deref<Schema>(doc, raw ?? {});
  if (depth > 6) return undefined;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  for (const k of ['oneOf', 'anyOf'] as const)
    if (Array.isArray(schema[k])) return sample((schema[k] as unknown[])[0], depth + 1);
  if (Array.isArray(schema.allOf))
    return Object.assign({}, ...(schema.allOf as unknown[]).map((s) => sample(s, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of (schema.required as string[] | undefined) ?? [])
        out[key] = sample((schema.properties as Schema | undefined)?.[key], depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: Number(schema.minItems ?? 1) }, (_, i) => {
        const item = sample(schema.items, depth + 1);
        return typeof item === 'string' && schema.uniqueItems ? `${i}${item}` : item;
      });
    case 'integer':
    case 'number':
      return Number(schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      if (schema.format === 'email') return 'someone@example.com';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (schema.format === 'date') return '2026-01-01';
      if (schema.format === 'uri') return 'https://example.com/';
      if (schema.format === 'uuid') return '6f1c1c2e-7d1e-4a55-9a8b-1f3c2b1a0e11';
      if (typeof schema.pattern === 'string') {
        const pattern = new RegExp(schema.pattern, 'u');
        return (
          ['abc123', '0123456789', '+44 7700 900123', '123456', 'en', 'ABCDEFGH', '1.0.0', 'a'].find((c) =>
            pattern.test(c),
          ) ?? 'abc123'
        );
      }
      return 'abc123';
    default:
      return {};
  }
}

/** A test user who passes the operation's scope check. */
export function userFor(op: Operation): string | undefined {
  if (op.scopes.includes('public')) return undefined;
  if (op.scopes.length === 0) return 'bare';
  if (op.scopes.includes('patient')) return 'patient';
  if (op.scopes.includes('org-admin')) return 'admin';
  if (op.scopes.includes('lead-therapist')) return 'leadTherapist';
  if (op.scopes.includes('therapist')) return 'therapist';
  if (op.scopes.includes('data-export')) return 'dataExport';
  return 'everything';
}

/** A URL with valid path parameters and required query parameters, or with one part replaced. */
export function buildUrl(
  op: Operation,
  overrides: { path?: Record<string, string>; query?: Record<string, string | undefined> } = {},
): string {
  let url = op.path;
  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    const value = overrides.path?.[p.name] ?? String(sample(p.schema));
    url = url.replace(`{${p.name}}`, encodeURIComponent(value));
  }
  const query = new URLSearchParams();
  for (const p of op.parameters.filter((x) => x.in === 'query' && x.required)) {
    const v = sample(p.schema);
    for (const item of Array.isArray(v) ? v : [v]) query.append(p.name, String(item));
  }
  for (const [k, v] of Object.entries(overrides.query ?? {})) {
    query.delete(k);
    if (v !== undefined) query.append(k, v);
  }
  const qs = query.toString();
  return qs ? `${url}?${qs}` : url;
}

/** A plausible request for the operation: valid path, required query and header values, a sample body. */
export function plausibleRequest(op: Operation, user: string | undefined) {
  const headers: Record<string, string> = user ? { 'x-test-user': user } : {};
  for (const p of op.parameters.filter((x) => x.in === 'header' && x.required))
    headers[p.name.toLowerCase()] = String(sample(p.schema));
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  const body = bodySchema ? sample(bodySchema) : undefined;
  if (bodySchema) headers['content-type'] = 'application/json';
  return {
    method: op.method.toUpperCase() as 'GET',
    url: buildUrl(op),
    headers,
    ...(bodySchema ? { payload: JSON.stringify(valid(bodySchema, body) ? body : {}) } : {}),
  };
}
