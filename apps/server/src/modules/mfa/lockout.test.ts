// Someone who knows a password cannot lock the account's owner out with wrong second-factor codes, and
// still gets no more guesses than the limits allow (src/auth/mfa/limiter.ts). Through HTTP, from several
// client addresses, against a real Auth emulator.
import { beforeAll, describe, expect, it } from 'vitest';
import { keyedHash } from '../../auth/crypto.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { createPatient, expectContract, freshTotp } from '../../../test/identity/helpers.ts';
import { identitySignIns } from '../../../test/identity/sign-ins.ts';

const identity = identitySignIns();
const { passwordToken } = identity;
let t: TestApp;
beforeAll(() => ({ t } = identity));

/** A patient of this file's own with a confirmed authenticator (the demo secret). */
async function newUser(): Promise<{ uid: string; email: string; secretId: string }> {
  const { uid, email, secretId } = await createPatient(t, 'lock', { totp: true });
  return { uid, email, secretId: secretId! };
}

function attempt(address: string, idToken: string, response: string, cookie?: string) {
  return t.app.inject({
    method: 'GET',
    url: '/iams/auth/customToken?scope=patient',
    remoteAddress: address,
    headers: { idToken, mfaChallengeResponse: response, ...(cookie ? { cookie } : {}) },
  });
}

/** Failures someone made earlier from these addresses (as the limiter stores them), 30 s apart, the last `agoMs` ago. */
async function pastFailures(uid: string, addresses: string[], agoMs = 0): Promise<void> {
  const now = Date.now() - agoMs;
  await t.db
    .insertInto('mfa_failures')
    .values(
      addresses.map((address, i) => ({
        user_id: uid,
        kind: 'totp' as const,
        at: now - (addresses.length - 1 - i) * 30_000,
        source: keyedHash(t.config.secret, 'mfa-source', address),
      })),
    )
    .execute();
}

describe('wrong second-factor codes', () => {
  it('do not keep the owner out of their usual device, while guessing slows down everywhere else', async () => {
    const { uid, email, secretId } = await newUser();
    // The owner signed in on their phone before: it keeps a device cookie.
    const ownerToken = await passwordToken(email);
    const first = await attempt('10.0.0.1', ownerToken, `totp:${secretId}:${await freshTotp(secretId)}`);
    expect(first.statusCode).toBe(200);
    const deviceCookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(deviceCookie).toMatch(/^__tend_device=[A-Za-z0-9_-]{40,}$/);
    expect(String(first.headers['set-cookie'])).toContain('HttpOnly; SameSite=Strict');

    // Someone who knows the password guesses from several addresses: four wrong codes over the last
    // minutes, then one more now (the fifth: the owner is warned by e-mail).
    await pastFailures(uid, ['10.0.1.1', '10.0.1.2', '10.0.1.3', '10.0.1.4'], 60_000);
    const attacker = await passwordToken(email);
    const wrong = await attempt('10.0.0.66', attacker, `totp:${secretId}:000000`);
    expect(wrong.statusCode).toBe(401);
    expectContract('getCustomToken', wrong);
    expect(wrong.json()).toMatchObject({ code: 'mfa_invalid', details: { attemptsLeft: 9 } });
    await expect
      .poll(() => t.mailer.catcher!.list(email).map((m) => m.subject))
      .toContain('Wrong sign-in codes were entered for your Tend account');
    // … and four more (nine in all, the last just now).
    await pastFailures(uid, ['10.0.1.5', '10.0.1.6', '10.0.1.7', '10.0.0.66']);

    // Every unknown device now waits (16 s after the last failure): the guessing is slowed down.
    const code = await freshTotp(secretId);
    for (const address of ['10.0.0.66', '10.0.0.99']) {
      const slowed = await attempt(address, attacker, `totp:${secretId}:${code}`);
      expect(slowed.statusCode).toBe(429);
      expectContract('getCustomToken', slowed);
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(1);
      expect(slowed.json()).toMatchObject({
        code: 'rate_limited',
        details: { retryAfter: Number(slowed.headers['retry-after']) },
      });
    }

    // The owner, with the right code on their usual device, gets in at once.
    const owner = await attempt('10.0.0.1', ownerToken, `totp:${secretId}:${code}`, deviceCookie);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({ uid, scopes: ['patient'] });

    // The warning told them what to do.
    const warning = t.mailer.catcher!.list(email).find((m) => m.subject.includes('Wrong sign-in codes'));
    expect(warning?.text).toContain('a wrong second-factor code was entered 5 times');
    expect(warning?.text).toContain('change it now');
  });

  it('allow no more than 10 per 15 minutes from one address for one user, even with the right code after', async () => {
    const { uid, email, secretId } = await newUser();
    const attacker = await passwordToken(email);
    // Ten failures from this address over the last minutes.
    await pastFailures(
      uid,
      Array.from({ length: 10 }, () => '10.0.2.1'),
    );
    await t.db
      .updateTable('mfa_failures')
      .set((eb) => ({ at: eb('at', '-', 120_000) }))
      .where('user_id', '=', uid)
      .execute();
    const limited = await attempt('10.0.2.1', attacker, `totp:${secretId}:${await freshTotp(secretId)}`);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(400);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(900);
  });
});
