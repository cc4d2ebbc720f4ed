import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callContract, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { envLimit, RATE_LIMITS } from '../../http/rate-limits.ts';
import { summarise, violationsOf, withoutQuery } from './csp-reports.ts';

const violation = {
  'document-uri': 'http://localhost:5174/account/confirm-email?id=secret-token',
  referrer: '',
  'violated-directive': 'style-src-elem',
  'effective-directive': 'style-src-elem',
  'original-policy': "default-src 'none'; style-src 'self'",
  disposition: 'enforce',
  'blocked-uri': 'inline',
  'line-number': 12,
  'column-number': 3,
  'source-file': 'http://localhost:5174/assets/index-AbC123xy.js?x=1',
  'status-code': 200,
  'script-sample': '.x{color:red}',
};

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    config: { logLevel: 'info' },
    logStream: { write: (line: string) => void lines.push(line) },
  });
});
afterAll(() => t.close());

/** Posts `payload` as a report of media type `type`, the answer unchecked (413, 415, 429 are the router's). */
const send = (app: FastifyInstance, type: string, payload: string) =>
  app.inject({ method: 'POST', url: '/csp-reports', headers: { 'content-type': type }, payload });
/** Posts `payload` as a report of media type `type`, the answer checked against the contract. */
const report = (type: string, payload: string) =>
  callContract(t.app, 'reportCspViolation', {
    method: 'POST',
    url: '/csp-reports',
    headers: { 'content-type': type },
    payload,
  });

const logged = () =>
  lines
    .map((l) => JSON.parse(l) as { msg?: string; csp?: Record<string, unknown> })
    .filter((l) => l.msg === 'Content-Security-Policy violation');
/** The violations logged, in order, are exactly these. */
const expectLogged = (...csp: Array<Record<string, unknown>>) =>
  expect(logged().map((l) => l.csp)).toEqual(csp);

describe('POST /csp-reports', () => {
  it("logs report-uri's report without the page's query (a token never reaches the logs)", async () => {
    lines.length = 0;
    const { res } = await report('application/csp-report', JSON.stringify({ 'csp-report': violation }));
    expect(res.statusCode).toBe(204);
    expectLogged({
      directive: 'style-src-elem',
      blocked: 'inline',
      page: 'http://localhost:5174/account/confirm-email',
      source: 'http://localhost:5174/assets/index-AbC123xy.js:12:3',
      sample: '.x{color:red}',
      disposition: 'enforce',
    });
    expect(lines.join('\n')).not.toContain('secret-token');
  });

  it('logs the csp-violation reports of a Reporting API batch and ignores the other types', async () => {
    lines.length = 0;
    const { res } = await report(
      'application/reports+json',
      JSON.stringify([
        {
          type: 'csp-violation',
          age: 10,
          url: 'http://localhost:5173/signup',
          user_agent: 'Chromium',
          body: {
            documentURL: 'http://localhost:5173/signup',
            effectiveDirective: 'script-src-elem',
            blockedURL: 'https://evil.example/x.js?k=1',
            disposition: 'enforce',
          },
        },
        { type: 'deprecation', url: 'http://localhost:5173/', body: { id: 'x' } },
      ]),
    );
    expect(res.statusCode).toBe(204);
    expectLogged({
      directive: 'script-src-elem',
      blocked: 'https://evil.example/x.js',
      page: 'http://localhost:5173/signup',
      disposition: 'enforce',
    });
  });

  it('refuses what is not a report: bad JSON, the wrong shape, another media type', async () => {
    expect((await report('application/csp-report', '{not json')).res.statusCode).toBe(400);
    expect(
      (await report('application/csp-report', JSON.stringify({ report: violation }))).res.statusCode,
    ).toBe(400);
    expect((await report('application/reports+json', '[]')).res.statusCode).toBe(400);
    const other = await send(t.app, 'text/plain', 'x');
    expect(other.statusCode).toBe(415);
  });

  it('refuses a body over 64 KiB', async () => {
    const res = await send(
      t.app,
      'application/csp-report',
      JSON.stringify({ 'csp-report': { ...violation, 'original-policy': 'x'.repeat(70_000) } }),
    );
    expect(res.statusCode).toBe(413);
  });

  it('is rate-limited per client', async () => {
    const limited = await createTestApp({
      rateLimits: { reportCspViolation: { max: 2, timeWindow: 60_000 } },
    });
    try {
      const one = () =>
        send(limited.app, 'application/csp-report', JSON.stringify({ 'csp-report': violation }));
      expect((await one()).statusCode).toBe(204);
      expect((await one()).statusCode).toBe(204);
      const refused = await one();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
    expect(envLimit(RATE_LIMITS.CSP_REPORTS, 'production')).toEqual({ max: 60, timeWindow: 60_000 });
  });

  it('lets the apps send reports across origins (the Reporting API asks first)', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/csp-reports',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  });
});

describe('csp report helpers', () => {
  it('keeps CSP keywords and drops queries and fragments', () => {
    for (const [source, kept] of [
      ['inline', 'inline'],
      ['eval', 'eval'],
      ['data:image/png;base64,xyz', 'data:'],
      ['https://a.example/p?q=1#f', 'https://a.example/p'],
    ]) {
      expect(withoutQuery(source), source).toBe(kept);
    }
    expect(withoutQuery(undefined)).toBeUndefined();
  });

  it('reads both spellings and finds no violation in an empty body', () => {
    expect(summarise({ effectiveDirective: 'img-src', lineNumber: 1 })).toMatchObject({
      directive: 'img-src',
      source: undefined,
    });
    expect(violationsOf(null)).toEqual([]);
  });
});

describe('Cache-Control of authenticated answers', () => {
  it('is no-store for a signed-in caller, and left alone for an anonymous one', async () => {
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/backend-service-config/json',
      headers: { 'x-test-user': 'patient' },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const withToken = await t.app.inject({
      method: 'GET',
      url: '/backend-service-config/json',
      headers: { authorization: 'Bearer x' },
    });
    expect(withToken.headers['cache-control']).toBe('no-store');
    const anonymous = await t.app.inject({ method: 'GET', url: '/client-config/json' });
    expect(anonymous.headers['cache-control']).toBeUndefined();
  });
});
