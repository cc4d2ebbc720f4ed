import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { OpenApiDocument } from '../src/http/contract.ts';
import { redactUrl } from '../src/http/logging.ts';
import { createTestApp, testResolveUser, type TestApp } from './helpers.ts';

const doc = parse(
  readFileSync(new URL('./fixtures/mini-openapi.yaml', import.meta.url), 'utf8'),
) as OpenApiDocument;

describe('structured logs', () => {
  let t: TestApp;
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await createTestApp({ contract: doc, handlers: {} });
    app = await buildApp({
      config: { ...t.config, logLevel: 'info' },
      db: t.db,
      mailer: t.mailer,
      contract: doc,
      identity: {},
      resolveUser: testResolveUser,
      handlers: {
        postHello: (request, ctx) => {
          request.log.info({ body: ctx.body, headers: request.headers }, 'a careless log line');
          throw new Error('boom');
        },
        getHello: () => ({ text: 'hi' }),
      },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('never holds tokens, cookies, passwords or bodies, and maps an unexpected error to 500 internal', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/hello?token=query-secret-1&idToken=query-secret-2',
      headers: {
        authorization: 'Bearer bearer-secret',
        cookie: '__session=cookie-secret',
        idtoken: 'header-secret',
        refreshtoken: 'refresh-secret',
        mfachallengeresponse: '123456',
      },
      payload: { name: 'health-data-secret' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'internal',
      message: 'Something went wrong on our side. Please try again later.',
    });
    await app.inject({ method: 'GET', url: '/hello/ann?code=oidc-secret&state=s' });
    const log = lines.join('');
    expect(log).toContain('a careless log line');
    expect(log).toContain('request failed');
    for (const secret of [
      'query-secret-1',
      'query-secret-2',
      'bearer-secret',
      'cookie-secret',
      'header-secret',
      'refresh-secret',
      '123456',
      'health-data-secret',
      'oidc-secret',
    ]) {
      expect(log, secret).not.toContain(secret);
    }
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(
      entries.some(
        (e) => (e.req as { url?: string } | undefined)?.url === '/hello?token=[redacted]&idToken=[redacted]',
      ),
    ).toBe(true);
  });

  it('masks tokens in paths', () => {
    expect(redactUrl('/email/update/jwt/eyJhbGciOi.x.y')).toBe('/email/update/jwt/[redacted]');
    expect(redactUrl('/push-notifications/register/device-token?x=1')).toBe(
      '/push-notifications/register/[redacted]?x=1',
    );
    expect(redactUrl('/iams/query-string-token/use?tokenID=abc')).toBe(
      '/iams/query-string-token/use?tokenID=[redacted]',
    );
    expect(redactUrl('/admin/chat/sam%40example.com?reason=She%20said%20she%20felt%20unsafe')).toBe(
      '/admin/chat/[redacted]?reason=[redacted]',
    );
  });
});
