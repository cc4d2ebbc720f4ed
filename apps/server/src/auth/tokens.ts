// Server-issued opaque tokens, stored as SHA-256 only: refresh tokens (a session a client can turn into
// a new custom token) and query-string tokens (single use, short-lived: hand a session to a web view).
import type { Db } from '../db/index.ts';
import { randomToken, sha256 } from './crypto.ts';

export const REFRESH_TTL_MS = 30 * 24 * 60 * 60_000;
/** Sessions holding an MFA-requiring scope end after 12 hours whatever happens. */
export const PRIVILEGED_REFRESH_TTL_MS = 12 * 60 * 60_000;
export const QUERY_STRING_TOKEN_TTL_MS = 5 * 60_000;

export interface StoredGrant {
  userId: string;
  scopes: string[];
  mfa: boolean;
}

export async function createRefreshToken(
  db: Db,
  grant: StoredGrant,
  ttlMs: number,
  now: number,
): Promise<string> {
  const token = `rt1.${randomToken()}`;
  await db
    .insertInto('refresh_tokens')
    .values({
      user_id: grant.userId,
      token_hash: sha256(token),
      scopes: grant.scopes,
      mfa: grant.mfa,
      expires_at: now + ttlMs,
      revoked_at: null,
    })
    .execute();
  return token;
}

/** The grant of a live refresh token, or null (unknown, expired or revoked). */
export async function useRefreshToken(db: Db, token: string, now: number): Promise<StoredGrant | null> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['user_id', 'scopes', 'mfa'])
    .where('token_hash', '=', sha256(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? { userId: row.user_id, scopes: row.scopes, mfa: row.mfa } : null;
}

export async function revokeRefreshTokens(db: Db, userId: string, now: number): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function createQueryStringToken(db: Db, grant: StoredGrant, now: number): Promise<string> {
  const token = randomToken();
  await db
    .insertInto('query_string_tokens')
    .values({
      user_id: grant.userId,
      token_hash: sha256(token),
      scopes: grant.scopes,
      mfa: grant.mfa,
      expires_at: now + QUERY_STRING_TOKEN_TTL_MS,
      used_at: null,
    })
    .execute();
  return token;
}

/** Consumes a query-string token (once): its grant, or null when unknown, used or expired. */
export async function useQueryStringToken(db: Db, token: string, now: number): Promise<StoredGrant | null> {
  const row = await db
    .updateTable('query_string_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', sha256(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'scopes', 'mfa'])
    .executeTakeFirst();
  return row ? { userId: row.user_id, scopes: row.scopes, mfa: row.mfa } : null;
}
