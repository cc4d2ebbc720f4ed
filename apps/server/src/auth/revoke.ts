// Ending every session of a user at once: sign-out, an e-mail change, the erasure of the account, and an
// account found disabled or deleted at Firebase (./firebase-watch.ts). See ./validity.ts for the rule.
import type { AppDeps } from '../http/types.ts';
import type { Db } from '../db/index.ts';
import { revokeChatTokens } from '../modules/chats/tokens.ts';
import { publishChatEvent } from '../realtime/bus.ts';
import { firebaseAuth, firebaseConfigured } from './firebase.ts';
import { revokeRefreshTokens } from './tokens.ts';
import {
  ACCOUNT_VALIDITY_CLAIM,
  validityCacheOf,
  writeRevocation,
  type RevocationReason,
} from './validity.ts';

export interface RevokeOptions {
  /** Also tell Firebase (end its refresh tokens, mark the account): default when Firebase is configured. */
  firebase?: boolean;
  /** Where Firebase failures are reported (they never undo the revocation, which is ours). */
  warn?: (message: string, error: unknown) => void;
}

/**
 * Refuses, from now on and in every process, every credential the user holds: ID tokens and session
 * cookies (valid_after moves forward), Tend refresh tokens, unused query-string tokens and chat tokens
 * (open chat streams end with `revoked`). Answers once the event bus carried the change (every process
 * has dropped its cached copy), then tells Firebase. Returns the new valid_after.
 */
export async function revokeSessions(
  deps: AppDeps,
  uid: string,
  reason: RevocationReason,
  options: RevokeOptions = {},
): Promise<number> {
  const now = Date.now();
  const cache = validityCacheOf(deps.db);
  const announced = cache?.announced(uid);
  const validAfter = await deps.db.transaction().execute(async (trx) => {
    const tx = trx as unknown as Db;
    const value = await writeRevocation(tx, uid, now, reason);
    await revokeRefreshTokens(tx, uid, now);
    await tx
      .updateTable('query_string_tokens')
      .set({ used_at: now })
      .where('user_id', '=', uid)
      .where('used_at', 'is', null)
      .execute();
    await revokeChatTokens(tx, uid, new Date(now));
    // Delivered at commit on PostgreSQL; at once in-process on PGlite (whose one connection the
    // transaction holds until then, so nobody reads the old record after hearing of the new one).
    await publishChatEvent(tx, { t: 'sessions', u: uid }, deps.db);
    await publishChatEvent(tx, { t: 'revoked', u: uid }, deps.db);
    return value;
  });
  cache?.forget(uid);
  await announced?.wait();
  if (options.firebase ?? firebaseConfigured(deps.config))
    await markFirebaseAccount(deps, uid, validAfter, options.warn);
  return validAfter;
}

/**
 * Ends the account's Firebase refresh tokens and writes the new valid_after as the account's custom claim
 * `av`, so that a password sign-in made from now on carries it (./validity.ts). Other custom claims of
 * the account are kept.
 */
async function markFirebaseAccount(
  deps: AppDeps,
  uid: string,
  validAfter: number,
  warn?: RevokeOptions['warn'],
): Promise<void> {
  const auth = firebaseAuth(deps.config);
  try {
    const [user] = await Promise.all([auth.getUser(uid), auth.revokeRefreshTokens(uid)]);
    await auth.setCustomUserClaims(uid, {
      ...(user.customClaims ?? {}),
      [ACCOUNT_VALIDITY_CLAIM]: validAfter,
    });
  } catch (error) {
    // An account known only through OpenID, or already deleted, has nothing to end at Firebase.
    if ((error as { code?: unknown } | null)?.code === 'auth/user-not-found') return;
    (warn ?? ((message, e) => console.warn(message, e instanceof Error ? e.message : e)))(
      'sessions revoked, but Firebase was not told',
      error,
    );
  }
}
