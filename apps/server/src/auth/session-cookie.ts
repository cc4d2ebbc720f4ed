// GET /iams/auth/sessionCookie: a 12-hour session cookie (and, when asked, a refresh token) for the ID token
// of a fresh custom-token session.
import type { AppDeps } from '../http/types.ts';
import { recent, FRESH_SIGN_IN_MS } from './caller.ts';
import { badRequest, reauthenticationRequired } from './errors.ts';
import { firebaseAuth } from './firebase.ts';
import { needsMfa } from './scopes.ts';
import { sessionClaims, verifyIdToken } from './session.ts';
import { PRIVILEGED_REFRESH_TTL_MS, REFRESH_TTL_MS, createRefreshToken } from './tokens.ts';

export const SESSION_COOKIE_TTL_MS = 12 * 60 * 60_000;

export interface SessionResult {
  /** The cookie value (set as an httpOnly cookie by the route; never in the body). */
  cookie: string;
  maxAgeSeconds: number;
  body: { expiresAt: string; refreshToken: string | null };
}

/** GET /iams/auth/sessionCookie: a 12-hour session for the ID token of a fresh custom-token session. */
export async function sessionCookie(
  deps: AppDeps,
  input: { idToken: string; generateRefreshToken: boolean },
): Promise<SessionResult> {
  const now = Date.now();
  const decoded = await verifyIdToken(deps, input.idToken);
  if (!recent(decoded.auth_time, FRESH_SIGN_IN_MS, now)) throw reauthenticationRequired();
  const claims = sessionClaims(decoded);
  if (claims.scopes.length === 0) {
    throw badRequest(
      'Use the ID token of a session signed in with a custom token (customToken).',
      'invalid_request',
      {
        fields: { idToken: 'no scopes' },
      },
    );
  }
  const cookie = await firebaseAuth(deps.config).createSessionCookie(input.idToken, {
    expiresIn: SESSION_COOKIE_TTL_MS,
  });
  let refreshToken: string | null = null;
  if (input.generateRefreshToken) {
    const ttl = needsMfa(claims.scopes) ? PRIVILEGED_REFRESH_TTL_MS : REFRESH_TTL_MS;
    refreshToken = await createRefreshToken(
      deps.db,
      { userId: decoded.uid, scopes: claims.scopes, mfa: claims.mfa },
      ttl,
      now,
    );
  }
  return {
    cookie,
    maxAgeSeconds: SESSION_COOKIE_TTL_MS / 1000,
    body: { expiresAt: new Date(now + SESSION_COOKIE_TTL_MS).toISOString(), refreshToken },
  };
}
