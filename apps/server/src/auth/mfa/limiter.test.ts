// The second-factor attempt limits (limiter.ts): per source, per user and source, back-off per user with
// the owner's usual devices exempt, and the warning mail.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import {
  MFA_LIMITS,
  assertNotLimited,
  backoffMs,
  mfaLimitsFor,
  recordFailure,
  rememberDevice,
  type LimiterDeps,
} from './limiter.ts';
import { createPgliteTestDb } from '../../../test/helpers.ts';

let db: Db;
let clock = 1_800_000_000_000;
const users = Array.from({ length: 12 }, (_, i) => `u${i}`);

async function refusal(promise: Promise<unknown>): Promise<HttpError | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
}

const from = (address: string, device: string | null = null, alert?: LimiterDeps['alert']): LimiterDeps => ({
  db,
  limits: MFA_LIMITS,
  source: { address, device },
  alert,
});

beforeAll(async () => {
  db = await createPgliteTestDb();
});
afterAll(async () => db.destroy());
beforeEach(async () => {
  clock += 60 * 60_000;
  for (const table of ['mfa_failures', 'mfa_known_devices', 'mfa_failure_alerts'] as const)
    await db.deleteFrom(table).execute();
  await db.deleteFrom('users').execute();
  await db
    .insertInto('users')
    .values(users.map((id) => ({ id, email: `${id}@example.com`, language: 'en', updated_at: clock })))
    .execute();
});

describe('back-off', () => {
  it('is free for the first failures, then doubles from 1 s up to 15 minutes', () => {
    expect([0, 4, 5, 6, 7, 10].map((n) => backoffMs(n))).toEqual([0, 0, 1_000, 2_000, 4_000, 32_000]);
    expect(backoffMs(15)).toBe(15 * 60_000);
    expect(backoffMs(500)).toBe(15 * 60_000);
  });

  it('keeps production limits in production and allows more per source elsewhere', () => {
    expect(mfaLimitsFor('production')).toBe(MFA_LIMITS);
    expect(mfaLimitsFor('test')).toMatchObject({ perSource: 200, perUserSource: 10, backoffFree: 5 });
  });
});

describe('attempt limits', () => {
  it('allows no more than 10 failures per 15 minutes from one source, across users; other sources go on', async () => {
    for (const user of users.slice(0, 10)) {
      await assertNotLimited(from('attacker'), user, clock);
      await recordFailure(from('attacker'), user, 'totp', clock);
      clock += 1_000;
    }
    const limited = await refusal(assertNotLimited(from('attacker'), 'u11', clock));
    expect(limited?.status).toBe(429);
    expect(limited?.headers?.['retry-after']).toBe(String(MFA_LIMITS.windowMs / 1000 - 10));
    expect(await refusal(assertNotLimited(from('someone-else'), 'u11', clock))).toBeNull();
    clock += MFA_LIMITS.windowMs;
    expect(await refusal(assertNotLimited(from('attacker'), 'u11', clock))).toBeNull();
  });

  it('slows guessing at one user down from every source, but not the owner on a device that passed before', async () => {
    await rememberDevice(db, 'u1', 'owners-phone', clock - 86_400_000);
    for (let i = 0; i < 9; i++) {
      await recordFailure(from(`botnet-${i}`), 'u1', 'totp', clock);
      clock += 100;
    }
    // 9 failures: the next attempt from any unknown device waits 16 s after the last one.
    const slowed = await refusal(assertNotLimited(from('botnet-99'), 'u1', clock));
    expect(slowed?.status).toBe(429);
    expect(Number(slowed?.headers?.['retry-after'])).toBe(16);
    expect(await refusal(assertNotLimited(from('new-laptop', 'unknown-device'), 'u1', clock))).not.toBeNull();
    // The owner's usual device (any address) is not slowed down, and nobody else is limited.
    expect(await refusal(assertNotLimited(from('cafe-wifi', 'owners-phone'), 'u1', clock))).toBeNull();
    expect(await refusal(assertNotLimited(from('botnet-99'), 'u2', clock))).toBeNull();
    clock += 16_000;
    expect(await refusal(assertNotLimited(from('botnet-99'), 'u1', clock))).toBeNull();
  });

  it('limits the owner’s own device to 10 failures per 15 minutes too', async () => {
    await rememberDevice(db, 'u1', 'owners-phone', clock);
    for (let i = 0; i < 10; i++) {
      expect(await refusal(assertNotLimited(from('home', 'owners-phone'), 'u1', clock))).toBeNull();
      await recordFailure(from('home', 'owners-phone'), 'u1', 'totp', clock);
    }
    expect((await refusal(assertNotLimited(from('home', 'owners-phone'), 'u1', clock)))?.status).toBe(429);
  });

  it('warns the user once per window when failures reach 5, and counts attempts left per source', async () => {
    const alerts: Array<[string, number]> = [];
    const alert = (user: string, n: number) => alerts.push([user, n]);
    const left: number[] = [];
    for (let i = 0; i < 7; i++) {
      left.push(await recordFailure(from(i < 3 ? 'a' : 'b', null, alert), 'u3', 'email', clock));
      clock += 60_000;
    }
    expect(left).toEqual([9, 8, 7, 9, 8, 7, 6]);
    expect(alerts).toEqual([['u3', 5]]);
    clock += MFA_LIMITS.windowMs;
    for (let i = 0; i < 5; i++) await recordFailure(from('c', null, alert), 'u3', 'email', clock);
    expect(alerts).toEqual([
      ['u3', 5],
      ['u3', 5],
    ]);
  });
});
