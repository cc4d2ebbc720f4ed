import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { MFA_LIMITS } from './limiter.ts';
import { createTotpSecret, deleteTotpSecret, renameTotpSecret, verifyTotpCode } from './totp-secrets.ts';
import { enableEmailMfa, startEmailChallenge, verifyEmailCode } from './email-challenge.ts';
import { listTotpSecrets, mfaOptions, type MfaDeps } from './service.ts';
import { createPgliteTestDb } from '../../../test/helpers.ts';

let db: Db;
let clock = 1_800_000_000_000;
let deps: MfaDeps;
const user = { id: 'u1', email: 'one@example.com' };
const other = { id: 'u2', email: 'two@example.com' };

function codeAt(secret: string, ms: number): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: ms });
}

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

beforeAll(async () => {
  db = await createPgliteTestDb();
  deps = { db, secret: 'x'.repeat(32), now: () => clock };
});
afterAll(async () => db.destroy());
beforeEach(async () => {
  clock += 60 * 60_000;
  for (const table of [
    'mfa_failures',
    'mfa_email_challenges',
    'mfa_email_configs',
    'mfa_totp_secrets',
  ] as const) {
    await db.deleteFrom(table).execute();
  }
  await db.deleteFrom('users').execute();
  await db
    .insertInto('users')
    .values([
      { id: user.id, email: user.email, language: 'en', updated_at: clock },
      { id: other.id, email: other.email, language: 'en', updated_at: clock },
    ])
    .execute();
});

describe('TOTP secrets', () => {
  it('creates an unconfirmed secret that a first correct code confirms; codes are single use', async () => {
    const created = await createTotpSecret(deps, user, { label: 'Phone' });
    expect(created.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(created.uri).toContain('otpauth://totp/Tend:one%40example.com?secret=');
    expect(await mfaOptions(deps, user.id)).toEqual([]);

    const stored = await db.selectFrom('mfa_totp_secrets').select('secret_enc').executeTakeFirstOrThrow();
    expect(stored.secret_enc).not.toContain(created.secret);

    const code = codeAt(created.secret, clock);
    await expect(verifyTotpCode(deps, user.id, code, created.id)).resolves.toEqual({
      configurationId: created.id,
    });
    expect((await listTotpSecrets(deps, user.id))[0]).toMatchObject({ label: 'Phone', confirmed: true });
    expect(await mfaOptions(deps, user.id)).toEqual([
      { type: 'totp', id: created.id, label: 'Phone', default: true },
    ]);

    const again = await rejection(verifyTotpCode(deps, user.id, code, created.id));
    expect(again.status).toBe(401);
    expect(again.code).toBe('mfa_invalid');
    expect(again.details).toEqual({ attemptsLeft: MFA_LIMITS.perUserSource - 1 });
    clock += 30_000;
    await expect(verifyTotpCode(deps, user.id, codeAt(created.secret, clock), created.id)).resolves.toEqual({
      configurationId: created.id,
    });
  });

  it('accepts an unconfirmed secret at sign-in only while the user has no confirmed factor', async () => {
    const first = await createTotpSecret(deps, user, { label: 'First' });
    await expect(
      verifyTotpCode(deps, user.id, codeAt(first.secret, clock), first.id, { confirmedOnly: true }),
    ).resolves.toEqual({ configurationId: first.id });
    const second = await createTotpSecret(deps, user, { label: 'Second' });
    const refused = await rejection(
      verifyTotpCode(deps, user.id, codeAt(second.secret, clock + 30_000), second.id, {
        confirmedOnly: true,
      }),
    );
    expect(refused.code).toBe('mfa_invalid');
    expect((await rejection(verifyTotpCode(deps, user.id, '123456', 'no-such-id'))).status).toBe(404);
    expect(
      (await rejection(verifyTotpCode(deps, other.id, codeAt(first.secret, clock + 60_000), first.id)))
        .status,
    ).toBe(404);
  });

  it('renames and deletes by id, only the owner', async () => {
    const created = await createTotpSecret(deps, user, {});
    expect(created.label).toBe('Authenticator 1');
    expect((await rejection(renameTotpSecret(deps, other.id, created.id, 'Mine'))).status).toBe(404);
    expect((await rejection(renameTotpSecret(deps, user.id, created.id, '   '))).status).toBe(400);
    await expect(renameTotpSecret(deps, user.id, created.id, ' Work  phone ')).resolves.toMatchObject({
      label: 'Work phone',
    });
    expect((await rejection(deleteTotpSecret(deps, other.id, created.id))).status).toBe(404);
    await deleteTotpSecret(deps, user.id, created.id);
    expect(await listTotpSecrets(deps, user.id)).toEqual([]);
  });

  it('limits failures to 10 per user and source per 15 minutes, then 429 with Retry-After; other users and sources go on', async () => {
    const created = await createTotpSecret(deps, user, { confirmed: true, secret: 'JBSWY3DPEHPK3PXP' });
    const fromA = { ...deps, source: { address: 'a', device: null } };
    const start = clock;
    for (let i = 0; i < MFA_LIMITS.perUserSource; i += 1) {
      // A minute apart: longer than any back-off due so far (1 s, 2 s, 4 s … after the fifth).
      clock += 60_000;
      expect((await rejection(verifyTotpCode(fromA, user.id, '000000', created.id))).status).toBe(401);
    }
    const limited = await rejection(
      verifyTotpCode(fromA, user.id, codeAt('JBSWY3DPEHPK3PXP', clock), created.id),
    );
    expect(limited.status).toBe(429);
    expect(limited.code).toBe('rate_limited');
    const retryAfter = (start + 60_000 + MFA_LIMITS.windowMs - clock) / 1000;
    expect(limited.headers?.['retry-after']).toBe(String(retryAfter));
    expect(limited.details).toMatchObject({ retryAfter });
    // Another user from another source is not affected.
    const others = await createTotpSecret(deps, other, { confirmed: true, secret: 'JBSWY3DPEHPK3PXP' });
    const fromB = { ...deps, source: { address: 'b', device: null } };
    await expect(
      verifyTotpCode(fromB, other.id, codeAt('JBSWY3DPEHPK3PXP', clock), others.id),
    ).resolves.toBeTruthy();
    clock += MFA_LIMITS.windowMs;
    await expect(
      verifyTotpCode(fromA, user.id, codeAt('JBSWY3DPEHPK3PXP', clock), created.id),
    ).resolves.toEqual({
      configurationId: created.id,
    });
  });
});

describe('e-mail challenge', () => {
  it('sends a 6-digit code stored hashed, valid once for 10 minutes', async () => {
    const started = await startEmailChallenge(deps, user.id, user.email);
    expect(started.code).toMatch(/^\d{6}$/);
    const row = await db.selectFrom('mfa_email_challenges').selectAll().executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(started.code);
    await expect(verifyEmailCode(deps, user.id, started.code)).resolves.toMatchObject({
      challengeId: started.challengeId,
    });
    expect((await rejection(verifyEmailCode(deps, user.id, started.code))).code).toBe('mfa_invalid');

    const late = await startEmailChallenge(deps, user.id, user.email);
    clock += 10 * 60_000 + 1;
    expect((await rejection(verifyEmailCode(deps, user.id, late.code, late.challengeId))).code).toBe(
      'mfa_invalid',
    );
  });

  it('kills a challenge after 5 wrong codes; a new code replaces the old one', async () => {
    const started = await startEmailChallenge(deps, user.id, user.email);
    const wrong = started.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MFA_LIMITS.failuresPerChallenge; i += 1) {
      const error = await rejection(verifyEmailCode(deps, user.id, wrong));
      expect(error.details).toEqual({ attemptsLeft: MFA_LIMITS.failuresPerChallenge - 1 - i });
    }
    // Past the user's back-off (1 s after the fifth failure): the challenge itself is used up.
    clock += 1_000;
    const exhausted = await rejection(verifyEmailCode(deps, user.id, started.code));
    expect(exhausted.status).toBe(429);
    expect(exhausted.details).toMatchObject({ reason: 'challenge_exhausted' });

    const first = await startEmailChallenge(deps, user.id, user.email);
    const second = await startEmailChallenge(deps, user.id, user.email);
    if (first.code !== second.code) {
      expect((await rejection(verifyEmailCode(deps, user.id, first.code))).status).toBe(401);
    }
    clock += 2_000;
    await expect(verifyEmailCode(deps, user.id, second.code)).resolves.toBeTruthy();
  });

  it('is an option once enabled, and the default when chosen', async () => {
    await enableEmailMfa(deps, user.id, user.email, true);
    await createTotpSecret(deps, user, { confirmed: true, label: 'Phone' });
    const options = await mfaOptions(deps, user.id);
    expect(options.map((o) => [o.type, o.default])).toEqual([
      ['totp', false],
      ['email', true],
    ]);
    expect(options[1]).toMatchObject({ id: 'email', label: 'o*****@example.com' });
  });
});
