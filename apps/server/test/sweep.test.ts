import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deref, listOperations, type Operation } from '../src/http/contract.ts';
import { seedIfEmpty } from '../src/db/seed.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { buildUrl, doc, sample, userFor, valid, type Schema } from './samples.ts';

// The validation sweep: malformed JSON, wrong types, missing and unknown fields, bad path, query and
// header values, sent to every implemented operation. Every answer must be a 4xx with the Error body.

interface Case {
  name: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

function cases(op: Operation): Case[] {
  const user = userFor(op);
  const headers: Record<string, string> = user ? { 'x-test-user': user } : {};
  for (const p of op.parameters.filter((x) => x.in === 'header' && x.required))
    headers[p.name.toLowerCase()] = String(sample(p.schema));
  const json = { ...headers, 'content-type': 'application/json' };
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  const validBody = bodySchema ? sample(bodySchema) : undefined;
  const body =
    bodySchema && valid(bodySchema, validBody) ? JSON.stringify(validBody) : bodySchema ? '{}' : undefined;
  const base = (): Case => ({
    name: '',
    url: buildUrl(op),
    headers: body ? json : headers,
    ...(body ? { payload: body } : {}),
  });
  const out: Case[] = [];

  if (bodySchema) {
    out.push({ ...base(), name: 'malformed JSON', payload: '{"broken": ' });
    const target = deref<Schema>(doc, bodySchema);
    if (!valid(bodySchema, [1, 2]))
      out.push({ ...base(), name: 'array instead of the body', payload: '[1, 2]' });
    if (!valid(bodySchema, 'text'))
      out.push({ ...base(), name: 'string instead of the body', payload: '"text"' });
    if (!valid(bodySchema, {})) out.push({ ...base(), name: 'missing required fields', payload: '{}' });
    if (op.requestBody?.required) out.push({ ...base(), name: 'no body', headers, payload: undefined });
    if (
      validBody &&
      typeof validBody === 'object' &&
      !Array.isArray(validBody) &&
      !valid(bodySchema, { ...validBody, zzUnknownField: 1 })
    ) {
      out.push({
        ...base(),
        name: 'unknown field',
        payload: JSON.stringify({ ...validBody, zzUnknownField: 1 }),
      });
    }
    const props = Object.keys((target.properties as Schema | undefined) ?? {});
    if (validBody && typeof validBody === 'object' && props[0]) {
      const wrong = { ...validBody, [props[0]]: { wrong: ['type'] } };
      if (!valid(bodySchema, wrong))
        out.push({ ...base(), name: `wrong type of ${props[0]}`, payload: JSON.stringify(wrong) });
    }
    out.push({
      ...base(),
      name: 'text/plain body',
      headers: { ...headers, 'content-type': 'text/plain' },
      payload: 'hello',
    });
  }
  for (const p of op.parameters.filter((x) => x.in === 'query')) {
    if (p.required)
      out.push({
        ...base(),
        name: `missing query ${p.name}`,
        url: buildUrl(op, { query: { [p.name]: undefined } }),
      });
    if (!valid(p.schema, 'not-a-valid-value!') && !valid(p.schema, ['not-a-valid-value!'])) {
      out.push({
        ...base(),
        name: `bad query ${p.name}`,
        url: buildUrl(op, { query: { [p.name]: 'not-a-valid-value!' } }),
      });
    }
  }
  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    if (!valid(p.schema, 'bad value!<>'))
      out.push({
        ...base(),
        name: `bad path ${p.name}`,
        url: buildUrl(op, { path: { [p.name]: 'bad value!<>' } }),
      });
  }
  for (const p of op.parameters.filter(
    (x) => x.in === 'header' && x.required && x.name.toLowerCase() !== 'etag',
  )) {
    const without = { ...base().headers };
    delete without[p.name.toLowerCase()];
    out.push({ ...base(), name: `missing header ${p.name}`, headers: without });
  }
  return out;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitEnabled: false });
  await seedIfEmpty({ db: t.db, config: t.config });
});
afterAll(() => t.close());

describe('validation sweep over every implemented operation', () => {
  const operations = listOperations(doc);

  it('has bad-input cases for the implemented operations', () => {
    const implemented = operations.filter((op) => t.app.tend.handlers[op.operationId]);
    expect(implemented.length).toBeGreaterThanOrEqual(36);
    const withCases = implemented.filter((op) => cases(op).length > 0);
    expect(withCases.length).toBeGreaterThan(15);
  });

  it('answers every bad request with a 4xx and the Error body, never a 5xx', async () => {
    const failures: string[] = [];
    let count = 0;
    for (const op of operations.filter((o) => t.app.tend.handlers[o.operationId])) {
      for (const c of cases(op)) {
        count++;
        const res = await t.app.inject({
          method: op.method.toUpperCase() as 'GET',
          url: c.url,
          headers: c.headers,
          ...(c.payload !== undefined ? { payload: c.payload } : {}),
        });
        const body = res.body ? (JSON.parse(res.body) as { code?: unknown; message?: unknown }) : {};
        if (
          res.statusCode < 400 ||
          res.statusCode >= 500 ||
          typeof body.code !== 'string' ||
          typeof body.message !== 'string'
        ) {
          failures.push(
            `${op.operationId} [${c.name}] ${c.url} → ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(count).toBeGreaterThan(60);
  });

  it('answers unexpected query parameters and bodies on input-less calls without a 5xx', async () => {
    const failures: string[] = [];
    // The core's modules (the identity part's calls reach Firebase, which these tests do not start).
    const core = new Set(['status', 'config', 'cloud-documents', 'contact', 'email', 'message-alerts']);
    const inputless = operations.filter(
      (o) => core.has(t.app.tend.owners[o.operationId] ?? '') && !o.requestBody && o.parameters.length === 0,
    );
    expect(inputless.length).toBeGreaterThan(8);
    for (const op of inputless) {
      const user = userFor(op);
      const res = await t.app.inject({
        method: op.method.toUpperCase() as 'GET',
        url: `${op.path}?unexpected=1&__proto__=x`,
        headers: { ...(user ? { 'x-test-user': user } : {}), 'content-type': 'application/json' },
        payload: '{"unexpected": true}',
      });
      if (res.statusCode >= 500)
        failures.push(`${op.operationId} → ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('unknown fields', () => {
  const bodies: Record<string, [string, string, unknown, string?]> = {
    reportError: ['POST', '/error-reporting', { message: 'm', reporter: 'r' }],
    requestCallback: [
      'POST',
      '/contact/action/request-callback?token=demo-contact-token&callbackGroup=g',
      { name: 'A', phone: '0123456789' },
    ],
    requestCheckIn: [
      'POST',
      '/contact/action/request-check-in?token=demo-contact-token',
      { name: 'A', message: 'm' },
    ],
    sendWelfareEmail: [
      'POST',
      '/social/welfareEmail',
      { targetEmailAddresses: ['a@example.com'], careFirstStyleEmail: true },
      'patient',
    ],
    createMessageAlertV2: [
      'POST',
      '/v2/message-alerts',
      { title: 't', body: 'b', severity: 'info', audience: 'patients', organisationId: 'org-tend-health' },
      'admin',
    ],
  };

  it('are refused in every core request body, naming the field', async () => {
    for (const [operationId, [method, url, body, user]] of Object.entries(bodies)) {
      const res = await t.app.inject({
        method: method as 'POST',
        url,
        payload: { ...(body as object), zzUnknownField: 1 },
        headers: user ? { 'x-test-user': user } : {},
      });
      expect(res.statusCode, operationId).toBe(400);
      expect(res.json().details.fields, operationId).toHaveProperty('zzUnknownField');
      const ok = await t.app.inject({
        method: method as 'POST',
        url,
        payload: body as object,
        headers: user ? { 'x-test-user': user } : {},
      });
      expect(ok.statusCode, `${operationId} ${ok.body}`).toBeLessThan(300);
    }
  });
});

describe('operations not implemented yet', () => {
  it('answer 501 not_implemented; the list is printed', async () => {
    const operations = listOperations(doc);
    const missing = operations.filter((op) => !t.app.tend.handlers[op.operationId]);
    for (const op of missing) {
      const url = op.path.replace(/\{[^}]+\}/g, 'x');
      const res = await t.app.inject({
        method: op.method.toUpperCase() as 'GET',
        url,
        headers: { 'x-test-user': 'everything' },
      });
      expect(res.statusCode, `${op.operationId}`).toBe(501);
      expect(res.json()).toMatchObject({ code: 'not_implemented' });
    }
    const byTag = new Map<string, number>();
    for (const op of missing) byTag.set(op.tags[0] ?? '-', (byTag.get(op.tags[0] ?? '-') ?? 0) + 1);
    console.info(
      `${missing.length} of ${operations.length} operations still answer 501 not_implemented: ` +
        [...byTag].map(([tag, n]) => `${tag} ${n}`).join(', '),
    );
    expect(missing.length + Object.keys(t.app.tend.handlers).length).toBe(operations.length);
  });
});
