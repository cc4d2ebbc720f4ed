// Rate limits are counted in the database (src/http/rate-limit-store.ts): two instances over one database
// share every count, a restart keeps it, the Retry-After is the same whichever instance answers, and behind
// a proxy (TEND_TRUST_PROXY) each forwarded client address has its own count on every instance.
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { countHit, pruneCounters } from '../src/http/rate-limit-store.ts';
import { twoInstances, type Pair } from './instances.ts';
import { createTestApp } from './helpers.ts';

const LIMIT = { max: 3, timeWindow: 60_000 };
let pair: Pair | undefined;
afterEach(async () => {
  await pair?.close();
  pair = undefined;
});

const status = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/server-status', headers });

describe('shared rate limits', () => {
  it('two instances over one database share the count, with the same Retry-After, and a restart keeps it', async () => {
    pair = await twoInstances({ rateLimitEnabled: true, rateLimits: { getServerStatus: LIMIT } });
    const { a } = pair;
    // Three allowed in all, alternating instances: the fourth is refused on either.
    expect((await status(a)).statusCode).toBe(200);
    expect((await status(pair.b)).statusCode).toBe(200);
    expect((await status(a)).statusCode).toBe(200);
    const onA = await status(a);
    const onB = await status(pair.b);
    for (const res of [onA, onB]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'rate_limited' });
    }
    const retryA = Number(onA.headers['retry-after']);
    const retryB = Number(onB.headers['retry-after']);
    expect(retryA).toBeGreaterThan(50);
    expect(retryA).toBeLessThanOrEqual(60);
    expect(Math.abs(retryA - retryB)).toBeLessThanOrEqual(1);
    expect(onA.json().details).toMatchObject({ retryAfter: retryA });
    // A restarted instance still refuses: the count is in the database, not in the process.
    const restarted = await pair.restartB();
    expect((await status(restarted)).statusCode).toBe(429);
  });

  it('behind a trusted proxy every forwarded address has its own shared count', async () => {
    pair = await twoInstances({
      rateLimitEnabled: true,
      rateLimits: { getServerStatus: LIMIT },
      config: { trustProxy: true },
    });
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    for (let i = 0; i < 3; i += 1)
      expect((await status(i % 2 ? pair.a : pair.b, from('203.0.113.7'))).statusCode).toBe(200);
    expect((await status(pair.a, from('203.0.113.7'))).statusCode).toBe(429);
    expect((await status(pair.b, from('203.0.113.7'))).statusCode).toBe(429);
    // Another client behind the same proxy is not refused for the first one's requests.
    expect((await status(pair.b, from('198.51.100.4'))).statusCode).toBe(200);
    expect((await status(pair.a, from('198.51.100.4'))).statusCode).toBe(200);
  });

  it('without TEND_TRUST_PROXY a forwarded address is not believed (one count for the peer)', async () => {
    pair = await twoInstances({ rateLimitEnabled: true, rateLimits: { getServerStatus: LIMIT } });
    for (let i = 0; i < 3; i += 1)
      expect((await status(pair.a, { 'x-forwarded-for': `192.0.2.${i}` })).statusCode).toBe(200);
    expect((await status(pair.b, { 'x-forwarded-for': '192.0.2.99' })).statusCode).toBe(429);
  });

  it('counts concurrent hits exactly (one atomic statement per hit) and starts a new window when one ends', async () => {
    const t = await createTestApp({ rateLimitEnabled: false });
    try {
      const results = await Promise.all(
        Array.from({ length: 40 }, () => countHit(t.db, 'GET /x|203.0.113.1', 60_000)),
      );
      expect(results.map((r) => r.current).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 40 }, (_, i) => i + 1),
      );
      expect((await countHit(t.db, 'GET /short|1', 1)).current).toBe(1);
      await new Promise((r) => setTimeout(r, 20));
      expect((await countHit(t.db, 'GET /short|1', 1)).current).toBe(1);
      await t.db
        .updateTable('rate_limit_counters' as never)
        .set({ reset_at: new Date(Date.now() - 2 * 3_600_000) } as never)
        .execute();
      expect(await pruneCounters(t.db)).toBe(2);
    } finally {
      await t.close();
    }
  });
});
