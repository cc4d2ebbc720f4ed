// Own account, its address and password (see ./account.ts): an e-mail change confirmed by a mailed link
// (24 h, single use), and the password reset mail.
import type { AppDeps } from '../http/types.ts';
import { randomToken, sha256 } from './crypto.ts';
import { IdentityError, conflict, tooManyAttempts } from './errors.ts';
import { firebaseAuth } from './firebase.ts';
import { emailChangeMail, emailChangedNotice, passwordResetMail } from './mail.ts';
import { revokeSessions } from './revoke.ts';
import { forgetUser } from './users.ts';
import { accountSummary, forgetFacts, requireUser } from './account.ts';

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;
/** Password-reset mails per address per hour (more are silently not sent). */
export const RESET_MAILS_PER_HOUR = 3;
const EMAIL_CHANGES_PER_HOUR = 5;

async function emailTaken(deps: AppDeps, uid: string, email: string): Promise<boolean> {
  const row = await deps.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('id', '!=', uid)
    .executeTakeFirst();
  if (row) return true;
  try {
    const other = await firebaseAuth(deps.config).getUserByEmail(email);
    return other.uid !== uid;
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return false;
    throw error;
  }
}

/** Mails a confirmation link (24 h, single use) to the new address; `appOrigin` is where the link opens. */
export async function requestEmailChange(deps: AppDeps, uid: string, newEmail: string, appOrigin: string) {
  const user = await requireUser(deps, uid);
  const email = newEmail.trim().toLowerCase();
  if (email === user.email) throw conflict('email_unchanged', 'This is already your e-mail address.');
  const now = Date.now();
  const recentCount = await deps.db
    .selectFrom('email_change_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', uid)
    .where('created_at', '>', now - 60 * 60_000)
    .executeTakeFirstOrThrow();
  if (Number(recentCount.n) >= EMAIL_CHANGES_PER_HOUR)
    throw tooManyAttempts(3600, 'Too many e-mail changes: try again in an hour.');
  if (await emailTaken(deps, uid, email))
    throw conflict('email_in_use', 'Another account uses this e-mail address.');
  const token = randomToken();
  const row = await deps.db
    .insertInto('email_change_requests')
    .values({
      user_id: uid,
      new_email: email,
      token_hash: sha256(token),
      expires_at: now + EMAIL_CHANGE_TTL_MS,
      confirmed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  forgetFacts(deps.db, uid);
  await deps.mailer.send(
    emailChangeMail(email, `${appOrigin}/account/confirm-email?id=${encodeURIComponent(token)}`),
  );
  return { status: 'accepted' as const, requestId: row.id };
}

export async function confirmEmailChange(deps: AppDeps, uid: string, token: string) {
  const now = Date.now();
  const invalid = new IdentityError(
    400,
    'invalid_token',
    'This confirmation link has expired or was already used. Ask for a new one.',
  );
  const pending = await deps.db
    .selectFrom('email_change_requests')
    .select(['id', 'new_email'])
    .where('token_hash', '=', sha256(token))
    .where('user_id', '=', uid)
    .where('confirmed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!pending) throw invalid;
  if (await emailTaken(deps, uid, pending.new_email))
    throw conflict('email_in_use', 'Another account uses this e-mail address.');
  const used = await deps.db
    .updateTable('email_change_requests')
    .set({ confirmed_at: now })
    .where('id', '=', pending.id)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw invalid;
  const user = await requireUser(deps, uid);
  try {
    await firebaseAuth(deps.config).updateUser(uid, { email: pending.new_email, emailVerified: true });
  } catch (error) {
    // An account known only through OpenID has no Firebase password account yet.
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  }
  await deps.db
    .updateTable('users')
    .set({ email: pending.new_email, updated_at: now })
    .where('id', '=', uid)
    .execute();
  forgetUser(deps.db, uid);
  await deps.db
    .updateTable('patients')
    .set({ email: pending.new_email, updated_at: new Date() })
    .where('id', '=', uid)
    .execute();
  await deps.db
    .updateTable('therapists')
    .set({ email: pending.new_email, updated_at: new Date() })
    .where('id', '=', uid)
    .execute();
  // Other pending changes are void now.
  await deps.db
    .updateTable('email_change_requests')
    .set({ expires_at: now })
    .where('user_id', '=', uid)
    .where('confirmed_at', 'is', null)
    .execute();
  forgetFacts(deps.db, uid);
  // A changed address ends every session of the account: sign in again with the new one.
  await revokeSessions(deps, uid, 'email-changed');
  if (!user.email.endsWith('.invalid'))
    await deps.mailer.send(emailChangedNotice(user.email, pending.new_email));
  return accountSummary(deps, uid);
}

/**
 * Mails a password-reset link when the address has an account. Runs after the answer (always 202), so
 * neither the answer nor its timing tells whether the address has an account.
 */
export function requestPasswordReset(deps: AppDeps, email: string, log: (error: unknown) => void): void {
  const address = email.trim().toLowerCase();
  void (async () => {
    try {
      const now = Date.now();
      await deps.db
        .deleteFrom('password_reset_mails')
        .where('at', '<', now - 60 * 60_000)
        .execute();
      const sent = await deps.db
        .selectFrom('password_reset_mails')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('email', '=', address)
        .executeTakeFirstOrThrow();
      if (Number(sent.n) >= RESET_MAILS_PER_HOUR) return;
      const link = await firebaseAuth(deps.config).generatePasswordResetLink(address);
      await deps.db.insertInto('password_reset_mails').values({ email: address, at: now }).execute();
      await deps.mailer.send(passwordResetMail(address, link));
    } catch (error) {
      if (
        (error as { code?: string }).code !== 'auth/email-not-found' &&
        (error as { code?: string }).code !== 'auth/user-not-found'
      )
        log(error);
    }
  })();
}
