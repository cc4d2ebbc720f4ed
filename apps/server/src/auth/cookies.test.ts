import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import { clearSessionCookie, setSessionCookie } from './cookies.ts';

async function cookiesFor(env: 'development' | 'test' | 'production'): Promise<string[]> {
  const config = { ...testConfig(), env };
  const app = Fastify();
  app.get('/set', async (_request, reply) => {
    setSessionCookie(reply, config, 'a value;with=specials', 60);
    return 'ok';
  });
  app.get('/clear', async (_request, reply) => {
    clearSessionCookie(reply, config);
    return 'ok';
  });
  const set = await app.inject({ method: 'GET', url: '/set' });
  const clear = await app.inject({ method: 'GET', url: '/clear' });
  await app.close();
  return [String(set.headers['set-cookie']), String(clear.headers['set-cookie'])];
}

describe('session cookie', () => {
  it('is httpOnly and SameSite=Strict, without Secure only in development (plain http://localhost)', async () => {
    const [set, clear] = await cookiesFor('development');
    expect(set).toBe('__session=a%20value%3Bwith%3Dspecials; Path=/; Max-Age=60; HttpOnly; SameSite=Strict');
    expect(clear).toBe(
      '__session=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    );
    for (const env of ['test', 'production'] as const) {
      const [secureSet, secureClear] = await cookiesFor(env);
      expect(secureSet).toBe(
        '__session=a%20value%3Bwith%3Dspecials; Path=/; Max-Age=60; HttpOnly; SameSite=Strict; Secure',
      );
      expect(secureClear).toContain('; Secure');
    }
  });
});
