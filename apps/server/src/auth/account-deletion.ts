// Own account, deletion requests (see ./account.ts): recorded once, confirmed by mail, and the account closed.
import type { AppDeps } from '../http/types.ts';
import { firebaseAuth } from './firebase.ts';
import { deletionRequestMail } from './mail.ts';
import { revokeSessions } from './revoke.ts';
import { forgetUser } from './users.ts';
import { forgetFacts, requireUser } from './account.ts';

/**
 * Closes the account at once: its sign-in is disabled and every session ends (Firebase refresh tokens
 * revoked, so issued ID tokens and session cookies stop working; Tend refresh tokens revoked). The data
 * stays until the data-export team erases it (deleteUserData, which also deletes the Firebase account).
 */
async function closeAccount(deps: AppDeps, uid: string): Promise<void> {
  // Every credential refused at once, in every process (ID tokens, session cookies, refresh, chat tokens).
  await revokeSessions(deps, uid, 'account-deleted', { firebase: false });
  forgetUser(deps.db, uid);
  if (!deps.config.authEmulatorHost && !deps.config.isProduction) return; // no Firebase (unit tests on PGlite)
  const auth = firebaseAuth(deps.config);
  try {
    await auth.updateUser(uid, { disabled: true });
    await auth.revokeRefreshTokens(uid);
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== 'auth/user-not-found') throw error;
  }
}

/** Records the deletion request (once), mails its confirmation and closes the account. */
export async function requestDeletion(deps: AppDeps, uid: string) {
  const answer = await recordDeletion(deps, uid);
  await closeAccount(deps, uid);
  return answer;
}

async function recordDeletion(deps: AppDeps, uid: string) {
  const user = await requireUser(deps, uid);
  const existing = await deps.db
    .selectFrom('deletion_requests')
    .select(['created_at', 'status'])
    .where('user_id', '=', uid)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (existing) return { requestedAt: new Date(existing.created_at).toISOString(), status: existing.status };
  const row = await deps.db
    .insertInto('deletion_requests')
    .values({ user_id: uid, email: user.email, reason: null })
    .returning(['id', 'created_at', 'status'])
    .executeTakeFirstOrThrow();
  forgetFacts(deps.db, uid);
  if (!user.email.endsWith('.invalid')) await deps.mailer.send(deletionRequestMail(user.email, row.id));
  return { requestedAt: new Date(row.created_at).toISOString(), status: row.status };
}
