// Attempt limits for second factors (TOTP and e-mail alike): at most 10 failures per user over a
// sliding 15 minutes, then 429 with Retry-After until the oldest counted failure leaves the window.
// Per-challenge limits (5 failures per e-mail challenge) live with the challenge itself.
import type { Db } from '../../db/index.ts';
import { tooManyAttempts } from '../errors.ts';

export const MFA_LIMITS = {
  failuresPerChallenge: 5,
  failuresPerUser: 10,
  windowMs: 15 * 60_000,
} as const;

/** Throws 429 (with Retry-After) when the user already has the maximum of failures in the window. */
export async function assertNotLimited(db: Db, userId: string, now: number): Promise<void> {
  const since = now - MFA_LIMITS.windowMs;
  const failures = await db
    .selectFrom('mfa_failures')
    .select('at')
    .where('user_id', '=', userId)
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .limit(MFA_LIMITS.failuresPerUser)
    .execute();
  if (failures.length < MFA_LIMITS.failuresPerUser) return;
  // The window frees one attempt when the 10th most recent failure leaves it.
  const oldestCounted = failures[failures.length - 1]!.at;
  const retryAfterMs = oldestCounted + MFA_LIMITS.windowMs - now;
  throw tooManyAttempts(Math.max(1, Math.ceil(retryAfterMs / 1000)));
}

/** Records one failed attempt and forgets failures older than the window. */
export async function recordFailure(db: Db, userId: string, kind: 'totp' | 'email', now: number): Promise<void> {
  await db.insertInto('mfa_failures').values({ user_id: userId, kind, at: now }).execute();
  await db
    .deleteFrom('mfa_failures')
    .where('user_id', '=', userId)
    .where('at', '<=', now - MFA_LIMITS.windowMs)
    .execute();
}

/** How many failures the user may still make before being limited. */
export async function attemptsLeft(db: Db, userId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('mfa_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('at', '>', now - MFA_LIMITS.windowMs)
    .executeTakeFirst();
  return Math.max(0, MFA_LIMITS.failuresPerUser - Number(row?.n ?? 0));
}
