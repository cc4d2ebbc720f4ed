// Chat tokens: short-lived HS256 JWTs (jose) under a key derived from the server secret, binding one user
// to one chat session. Issued tokens are recorded by id; DELETE …/token revokes every token of the caller
// (the revocation list is chat_tokens.revoked_at), checked on every use.
import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import type { Handler } from '../../http/types.ts';
import { publishChatEvent } from '../../realtime/bus.ts';
import { currentUser } from './access.ts';
import type { Tx } from './service.ts';

export const CHAT_TOKEN_TTL_MS = 60 * 60_000;
const AUDIENCE = 'tend-chat';
const ISSUER = 'tend-server';

/** A key of its own (derived from the secret), so no other server-signed token can pass as a chat token. */
function key(config: Config): Uint8Array {
  return new Uint8Array(createHmac('sha256', config.secret).update('tend chat tokens v1').digest());
}

export interface ChatTokenClaims {
  userId: string;
  sessionId: string;
  jti: string;
  expiresAt: Date;
}

export const invalidToken = (message = 'This chat token is not valid any more: ask for a new one.') =>
  new HttpError(401, 'invalid_token', message);

/** Issues a token for the user in the session (the caller checked the user takes part in it). */
export async function issueChatToken(
  db: Tx,
  config: Config,
  userId: string,
  sessionId: string,
  now = new Date(),
) {
  const jti = randomUUID();
  const expiresAt = new Date(now.getTime() + CHAT_TOKEN_TTL_MS);
  const token = await new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setAudience(AUDIENCE)
    .setIssuer(ISSUER)
    .setJti(jti)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(config));
  // Expired tokens fail verification by themselves: their rows are pruned as the user gets new ones.
  await db.deleteFrom('chat_tokens').where('user_id', '=', userId).where('expires_at', '<', now).execute();
  await db
    .insertInto('chat_tokens')
    .values({ jti, user_id: userId, session_id: sessionId, issued_at: now, expires_at: expiresAt })
    .execute();
  return {
    token,
    chatSessionId: sessionId,
    streamUrl: `/chats/${encodeURIComponent(sessionId)}/stream?token=${encodeURIComponent(token)}`,
    expiresAt: expiresAt.toISOString(),
  };
}

/** Verifies signature, audience, expiry and the revocation list; throws 401 invalid_token otherwise. */
export async function verifyChatToken(db: Tx, config: Config, token: string): Promise<ChatTokenClaims> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, key(config), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      issuer: ISSUER,
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired)
      throw invalidToken('This chat token has expired: ask for a new one.');
    throw invalidToken();
  }
  const { sub, jti, exp } = payload;
  const sid = (payload as { sid?: unknown }).sid;
  if (
    typeof sub !== 'string' ||
    typeof jti !== 'string' ||
    typeof sid !== 'string' ||
    typeof exp !== 'number'
  )
    throw invalidToken();
  const row = await db
    .selectFrom('chat_tokens')
    .select(['revoked_at', 'user_id', 'session_id'])
    .where('jti', '=', jti)
    .executeTakeFirst();
  if (!row || row.revoked_at || row.user_id !== sub || row.session_id !== sid) throw invalidToken();
  return { userId: sub, sessionId: sid, jti, expiresAt: new Date(exp * 1000) };
}

/** Whether a token (by id) has been revoked since it was verified. */
export async function tokenRevoked(db: Tx, jti: string): Promise<boolean> {
  const row = await db
    .selectFrom('chat_tokens')
    .select('revoked_at')
    .where('jti', '=', jti)
    .executeTakeFirst();
  return !row || row.revoked_at !== null;
}

/** Revokes every unexpired token of the user (idempotent); expired rows are pruned. */
export async function revokeChatTokens(db: Tx, userId: string, now = new Date()): Promise<number> {
  await db.deleteFrom('chat_tokens').where('user_id', '=', userId).where('expires_at', '<', now).execute();
  const result = await db
    .updateTable('chat_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * A user's DELETE …/token (patient or therapist): every token of theirs is revoked, and the revocation is
 * published so that their open streams close at once.
 */
export async function revokeOwnChatTokens(db: Db, userId: string): Promise<void> {
  await revokeChatTokens(db, userId);
  await publishChatEvent(db, { t: 'revoked', u: userId });
}

/** The handler of both such calls (revokeChatTokens, revokePatientChatToken): the caller's own tokens. */
export const revokeCallerChatTokens: Handler = async (_request, ctx) => {
  await revokeOwnChatTokens(ctx.db, currentUser(ctx).uid);
  return undefined;
};
