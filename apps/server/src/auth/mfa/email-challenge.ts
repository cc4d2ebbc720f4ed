// The e-mail second factor (see ./service.ts for the rules): start a challenge (a code mailed to the
// address), check a code (single use; 5 failures end the challenge), turn the factor on or off.
import { constantTimeEqual, keyedHash, randomDigits } from '../crypto.ts';
import { IdentityError, notFound, tooManyAttempts } from '../errors.ts';
import { MFA_LIMITS, assertNotLimited, attemptsLeft, recordFailure } from './limiter.ts';
import { isCodeShaped } from './totp.ts';
import { EMAIL_CODE_TTL_MS, EMAIL_SENDS_PER_WINDOW, invalidCode, type MfaDeps } from './service.ts';

export interface StartedEmailChallenge {
  challengeId: string;
  /** The plain code, to be mailed and forgotten: only its keyed hash is stored. */
  code: string;
  email: string;
  expiresAt: number;
}

/** Creates a challenge for `email` (the configured address, or the account's when enrolling). */
export async function startEmailChallenge(
  deps: MfaDeps,
  userId: string,
  email: string,
): Promise<StartedEmailChallenge> {
  const now = deps.now();
  await assertNotLimited(deps, userId, now);
  const recent = await deps.db
    .selectFrom('mfa_email_challenges')
    .select(['created_at'])
    .where('user_id', '=', userId)
    .where('created_at', '>', now - MFA_LIMITS.windowMs)
    .orderBy('created_at', 'asc')
    .execute();
  if (recent.length >= EMAIL_SENDS_PER_WINDOW) {
    const retry = Math.max(
      1,
      Math.ceil(
        (recent[recent.length - EMAIL_SENDS_PER_WINDOW]!.created_at + MFA_LIMITS.windowMs - now) / 1000,
      ),
    );
    throw tooManyAttempts(
      retry,
      'Too many codes were sent. Use the last code you received, or try again later.',
      'too_many_codes',
    );
  }
  const code = randomDigits(6);
  const expiresAt = now + EMAIL_CODE_TTL_MS;
  // A new code replaces the earlier ones: only the latest challenge can be answered.
  await deps.db
    .updateTable('mfa_email_challenges')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  const row = await deps.db
    .insertInto('mfa_email_challenges')
    .values({
      user_id: userId,
      email,
      code_hash: keyedHash(deps.secret, 'email-code', code),
      failures: 0,
      expires_at: expiresAt,
      used_at: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { challengeId: row.id, code, email, expiresAt };
}

/** Checks an e-mail code against the user's open challenge (the latest, or `challengeId`). Single use. */
export async function verifyEmailCode(
  deps: MfaDeps,
  userId: string,
  code: string,
  challengeId?: string,
): Promise<{ challengeId: string; email: string }> {
  const now = deps.now();
  await assertNotLimited(deps, userId, now);
  let query = deps.db
    .selectFrom('mfa_email_challenges')
    .selectAll()
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now);
  if (challengeId) query = query.where('id', '=', challengeId);
  const challenge = await query.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  if (!challenge) {
    throw new IdentityError(
      401,
      'mfa_invalid',
      'This e-mail code has expired or was already used: request a new one.',
      {
        attemptsLeft: await attemptsLeft(deps, userId, now),
      },
    );
  }
  if (challenge.failures >= MFA_LIMITS.failuresPerChallenge) {
    throw tooManyAttempts(
      1,
      'Too many wrong codes for this e-mail code: request a new code.',
      'challenge_exhausted',
    );
  }
  const candidate = code.replace(/\s/g, '');
  if (
    isCodeShaped(candidate) &&
    constantTimeEqual(keyedHash(deps.secret, 'email-code', candidate), challenge.code_hash)
  ) {
    const used = await deps.db
      .updateTable('mfa_email_challenges')
      .set({ used_at: now })
      .where('id', '=', challenge.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 1) {
      await deps.passed?.(userId);
      return { challengeId: challenge.id, email: challenge.email };
    }
  }
  await deps.db
    .updateTable('mfa_email_challenges')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', challenge.id)
    .execute();
  const left = Math.min(
    MFA_LIMITS.failuresPerChallenge - challenge.failures - 1,
    await recordFailure(deps, userId, 'email', now),
  );
  throw invalidCode(Math.max(0, left));
}

/** Turns the e-mail challenge on for the user (after a passed challenge to that address). */
export async function enableEmailMfa(
  deps: MfaDeps,
  userId: string,
  email: string,
  isDefault: boolean,
): Promise<void> {
  await deps.db
    .insertInto('mfa_email_configs')
    .values({ user_id: userId, email, is_default: isDefault })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ email, is_default: isDefault }))
    .execute();
}

export async function deleteEmailMfa(deps: MfaDeps, userId: string): Promise<void> {
  const result = await deps.db
    .deleteFrom('mfa_email_configs')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('The e-mail challenge is not set up.');
}
