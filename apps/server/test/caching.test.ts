// Cache-Control over every operation of the contract: every answer to a signed-in caller and every error
// answer says no-store (src/http/caching.ts), so no shared cache or back-forward cache keeps health data.
// A new operation is covered without editing this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations } from '../src/http/contract.ts';
import { seedIfEmpty } from '../src/db/seed.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { doc, plausibleRequest, userFor } from './samples.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimitEnabled: false });
  await seedIfEmpty({ db: t.db, config: t.config });
});
afterAll(() => t.close());

const noStore = (value: unknown) => /\bno-store\b/.test(String(value ?? ''));

describe('Cache-Control: no-store', () => {
  const operations = listOperations(doc);

  it('is on every signed-in answer of every operation, whatever its status', async () => {
    const missing: string[] = [];
    const statuses = new Set<number>();
    for (const op of operations) {
      // Public operations are called signed in too: what a signed-in caller gets may be personal.
      const res = await t.app.inject(plausibleRequest(op, userFor(op) ?? 'everything'));
      statuses.add(Math.floor(res.statusCode / 100));
      if (!noStore(res.headers['cache-control']))
        missing.push(`${op.operationId} ${res.statusCode} cache-control: ${res.headers['cache-control']}`);
    }
    expect(missing).toEqual([]);
    expect(operations.length).toBeGreaterThan(150);
    // Both successful and refused answers were seen.
    expect([...statuses]).toEqual(expect.arrayContaining([2, 4]));
  });

  it('is on every anonymous error answer; public answers keep their own rules', async () => {
    const missing: string[] = [];
    for (const op of operations) {
      const res = await t.app.inject(plausibleRequest(op, undefined));
      if (res.statusCode >= 400 && !noStore(res.headers['cache-control']))
        missing.push(`${op.operationId} ${res.statusCode}`);
    }
    expect(missing).toEqual([]);
    // A public, cacheable answer keeps what its handler said (here: the dashboards' stylesheet).
    const css = await t.app.inject({ method: 'GET', url: '/dashboards/embed.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('is on answers outside the contract too: unknown routes and malformed requests', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/no/such/route' }),
      await t.app.inject({
        method: 'POST',
        url: '/contact/request',
        headers: { 'content-type': 'application/json' },
        payload: '{"broken": ',
      }),
    ]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});
