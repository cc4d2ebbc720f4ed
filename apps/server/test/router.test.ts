import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../src/http/contract.ts';
import type { Handlers } from '../src/http/types.ts';
import { respond } from '../src/http/types.ts';
import { buildApp } from '../src/app.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const doc = parse(
  readFileSync(new URL('./fixtures/mini-openapi.yaml', import.meta.url), 'utf8'),
) as OpenApiDocument;

const handlers: Handlers = {
  getHello: (_req, ctx) => ({
    text: `hello ${String(ctx.params.name)}`.repeat(Number(ctx.query.times ?? 1)),
    tags: ctx.query.tags,
  }),
  postHello: (_req, ctx) => ({ text: `hi ${(ctx.body as { name: string }).name}` }),
  getTimeText: () => 42,
  getPrivate: (_req, ctx) => respond(200, { uid: ctx.user?.uid, token: ctx.headers.idtoken }),
};

describe('contract router (fixture contract)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ contract: doc, handlers });
  });
  afterAll(() => t.close());

  /** A POST to /hello of a body as sent, with that content type (the body parser's refusals). */
  const postHello = (contentType: string, payload: string) =>
    t.app.inject({ method: 'POST', url: '/hello', headers: { 'content-type': contentType }, payload });
  /** A GET of the scoped /private with those headers (a test user, the idToken header). */
  const getPrivate = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/private', headers });
  /** A GET of /time-text from a page of that origin (CORS). */
  const fromOrigin = (origin: string) =>
    t.app.inject({ method: 'GET', url: '/time-text', headers: { origin } });

  it('routes a path parameter and coerces query parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/hello/ann?times=2&tags=a&tags=b' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ text: 'hello annhello ann', tags: ['a', 'b'] });
  });

  it('wraps a single repeated-parameter value in an array', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/hello/ann?tags=a' });
    expect(res.json().tags).toEqual(['a']);
  });

  it('answers 400 naming the failing path and query parameter', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/hello/ANN' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'invalid_request',
      details: { fields: { name: expect.any(String) }, field: 'name', in: 'path' },
    });
    const times = await t.app.inject({ method: 'GET', url: '/hello/ann?times=nine' });
    expect(times.statusCode).toBe(400);
    expect(times.json().details).toMatchObject({ field: 'times', in: 'query' });
  });

  it('uses the contract success status and validates bodies', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/hello', payload: { name: 'bo' } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ text: 'hi bo' });
    const unknown = await t.app.inject({ method: 'POST', url: '/hello', payload: { name: 'bo', extra: 1 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toMatchObject({ field: 'extra', in: 'body' });
    const missing = await t.app.inject({ method: 'POST', url: '/hello', payload: { age: 3 } });
    expect(missing.json().details).toMatchObject({ field: 'name' });
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/hello',
      payload: { name: 'bo', age: 'old' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().details).toMatchObject({ field: 'age' });
  });

  it('answers malformed JSON, a missing body and a wrong media type with 4xx and the Error body', async () => {
    const malformed = await postHello('application/json', '{"name": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'invalid_request', details: { field: 'body' } });
    const empty = await t.app.inject({ method: 'POST', url: '/hello' });
    expect(empty.statusCode).toBe(400);
    const text = await postHello('text/plain', 'hi');
    expect(text.statusCode).toBe(415);
    const xml = await postHello('application/xml', '<a/>');
    expect(xml.statusCode).toBe(415);
    expect(xml.json().code).toBe('unsupported_media_type');
    const poisoned = await postHello('application/json', '{"name":"x","__proto__":{"a":1}}');
    expect(poisoned.statusCode).toBe(400);
  });

  it('answers 413 for a body over the limit', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(t.config.bodyLimit + 10) });
    const res = await postHello('application/json', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
  });

  it('sends text responses as text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/time-text' });
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('42');
  });

  it('enforces x-tend-scopes: 401 anonymous, 403 without the scope, then validation', async () => {
    expect((await getPrivate({})).json()).toMatchObject({ code: 'unauthenticated' });
    const patient = await getPrivate({ 'x-test-user': 'patient' });
    expect(patient.statusCode).toBe(403);
    const noHeader = await getPrivate({ 'x-test-user': 'admin' });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().details).toMatchObject({ field: 'idtoken', in: 'header' });
    const ok = await getPrivate({ 'x-test-user': 'admin', idToken: 'abc' });
    expect(ok.json()).toEqual({ uid: 'admin-1', token: 'abc' });
  });

  it('answers 501 not_implemented for an operation without a handler, and 404 for unknown routes', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/missing' });
    expect(res.statusCode).toBe(501);
    expect(res.json()).toMatchObject({ code: 'not_implemented' });
    for (const url of ['/hello/%E0%A4%A', '/hello/%', '/nowhere/%zz']) {
      const bad = await t.app.inject({ method: 'GET', url });
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json(), url).toMatchObject({ code: 'invalid_request' });
    }
    const unknown = await t.app.inject({ method: 'GET', url: '/nowhere?token=secret' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found' });
    expect(unknown.body).not.toContain('secret');
  });

  it('allows CORS only for the app origins and sets security headers', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/hello',
      headers: { origin: 'http://localhost:5174', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5174');
    const twin = await fromOrigin('http://127.0.0.1:5176');
    expect(twin.headers['access-control-allow-origin']).toBe('http://127.0.0.1:5176');
    const denied = await fromOrigin('https://evil.example');
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
    expect(denied.headers['x-content-type-options']).toBe('nosniff');
    expect(denied.headers['content-security-policy']).toContain("default-src 'self'");
    expect(denied.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(denied.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('production headers', () => {
  it('adds HSTS and upgrade-insecure-requests in production only', async () => {
    const t = await createTestApp({ contract: doc, handlers });
    const prod = await buildApp({
      config: { ...t.config, env: 'production', isProduction: true },
      db: t.db,
      mailer: t.mailer,
      contract: doc,
      handlers,
      identity: {},
    });
    try {
      const res = await prod.inject({ method: 'GET', url: '/time-text' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
      expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      expect(
        (await t.app.inject({ method: 'GET', url: '/time-text' })).headers['strict-transport-security'],
      ).toBeUndefined();
    } finally {
      await prod.close();
      await t.close();
    }
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      contract: doc,
      handlers,
      rateLimits: { getTimeText: { max: 2, timeWindow: 60_000 } },
    });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After and the Error body past the limit', async () => {
    for (let i = 0; i < 2; i++)
      expect((await t.app.inject({ method: 'GET', url: '/time-text' })).statusCode).toBe(200);
    const limited = await t.app.inject({ method: 'GET', url: '/time-text' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
  });
});
