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

/** Stores a new token as its hash (never the token itself) with its grant, open until `expiresAt`. */
async function storeToken(
  db: Db,
  table: 'refresh_tokens' | 'query_string_tokens',
  token: string,
  grant: StoredGrant,
  expiresAt: number,
): Promise<string> {
  await db
    .insertInto(table)
    .values({
      user_id: grant.userId,
      token_hash: sha256(token),
      scopes: grant.scopes,
      mfa: grant.mfa,
      expires_at: expiresAt,
    })
    .execute();
  return token;
}

/** The grant a stored token's row carries. */
const grantOf = (row: { user_id: string; scopes: string[]; mfa: boolean }): StoredGrant => ({
  userId: row.user_id,
  scopes: row.scopes,
  mfa: row.mfa,
});

export async function createRefreshToken(
  db: Db,
  grant: StoredGrant,
  ttlMs: number,
  now: number,
): Promise<string> {
  return storeToken(db, 'refresh_tokens', `rt1.${randomToken()}`, grant, now + ttlMs);
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
  return row ? grantOf(row) : null;
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
  return storeToken(db, 'query_string_tokens', randomToken(), grant, now + QUERY_STRING_TOKEN_TTL_MS);
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
  return row ? grantOf(row) : null;
}
