// Who is calling: a Firebase ID token (Authorization: Bearer) or our session cookie, verified locally
// (signature and claims: ./firebase.ts verifyFirebaseJwt) and checked against the user's session-validity
// record (./validity.ts, from memory), mapped to the user's current roles and the session's scopes. No
// request asks Firebase anything.
import type { FastifyRequest } from 'fastify';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { AppDeps, AuthUser } from '../http/types.ts';
import { SESSION_COOKIE, readCookie } from './cookies.ts';
import { IdentityError, unauthenticated } from './errors.ts';
import { isCredentialError, verifyFirebaseJwt } from './firebase.ts';
import { firebaseWatchOf } from './firebase-watch.ts';
import { effectiveScopes } from './scopes.ts';
import { ensureUser } from './users.ts';
import { SESSION_VALIDITY_CLAIM, ACCOUNT_VALIDITY_CLAIM, isCurrent, validityOf } from './validity.ts';

export { SESSION_COOKIE };

/** Claims we put in custom tokens (and so find again in the ID tokens and session cookies they yield). */
export interface SessionClaims {
  /** Scopes granted at sign-in. */
  scopes: string[];
  /** Whether a second factor was passed for this session. */
  mfa: boolean;
  /** Epoch seconds of the last proof of password (and second factor when configured): re-authentication. */
  reauthAt: number | null;
}

export function sessionClaims(decoded: DecodedIdToken): SessionClaims {
  const custom = decoded.firebase?.sign_in_provider === 'custom';
  const scopes =
    custom && Array.isArray(decoded.scopes)
      ? decoded.scopes.filter((s): s is string => typeof s === 'string')
      : [];
  return {
    scopes,
    mfa: custom && decoded.mfa === true,
    reauthAt: custom && typeof decoded.reauth_at === 'number' ? decoded.reauth_at : null,
  };
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw unauthenticated('The Authorization header must be "Bearer <ID token>".', 'invalid_token');
  return match[1];
}

/** The identity service could not be asked (network, configuration): 503, never a 500. */
function unavailable(error: unknown): IdentityError {
  return new IdentityError(
    503,
    'unavailable',
    'Sign-in cannot be checked right now. Please try again shortly.',
    {
      reason: (error instanceof Error ? error.message : String(error)).slice(0, 200),
    },
  );
}

/** Refuses a verified credential that a later revocation ended (./validity.ts); notes the account as seen. */
async function assertCurrent(
  deps: AppDeps,
  decoded: DecodedIdToken,
  message: string,
): Promise<DecodedIdToken> {
  const validity = await validityOf(deps.db, decoded.uid);
  const facts = {
    signInProvider: decoded.firebase?.sign_in_provider,
    authTime: decoded.auth_time,
    sv: decoded[SESSION_VALIDITY_CLAIM],
    av: decoded[ACCOUNT_VALIDITY_CLAIM],
  };
  if (!isCurrent(facts, validity)) throw unauthenticated(message, 'invalid_token');
  firebaseWatchOf(deps.db)?.seen(decoded.uid);
  return decoded;
}

async function verify(
  deps: AppDeps,
  kind: 'idToken' | 'sessionCookie',
  token: string,
  message: string,
): Promise<DecodedIdToken> {
  let decoded: DecodedIdToken;
  try {
    decoded = await verifyFirebaseJwt(deps.config, kind, token);
  } catch (error) {
    if (isCredentialError(error)) throw unauthenticated(message, 'invalid_token');
    throw unavailable(error);
  }
  return assertCurrent(deps, decoded, message);
}

/** Verifies a Firebase ID token (locally) and that no revocation ended it: 401 `invalid_token` otherwise. */
export function verifyIdToken(deps: AppDeps, token: string): Promise<DecodedIdToken> {
  return verify(deps, 'idToken', token, 'The sign-in is not valid or has expired. Sign in again.');
}

function verifySessionCookie(deps: AppDeps, value: string): Promise<DecodedIdToken> {
  return verify(deps, 'sessionCookie', value, 'The session has ended. Sign in again.');
}

export interface Principal extends AuthUser {
  claims: SessionClaims & { authTime: number; signInProvider: string; adminOf: string[] };
}

/** The core's resolveUser hook: null when anonymous, 401 for a present but bad credential. */
export async function resolveUser(request: FastifyRequest, deps: AppDeps): Promise<Principal | null> {
  const token = bearer(request);
  let decoded: DecodedIdToken;
  if (token) decoded = await verifyIdToken(deps, token);
  else {
    const value = readCookie(request, SESSION_COOKIE);
    if (!value) return null;
    decoded = await verifySessionCookie(deps, value);
  }
  return principalOf(deps, decoded);
}

export async function principalOf(deps: AppDeps, decoded: DecodedIdToken): Promise<Principal> {
  const user = await ensureUser(deps.db, decoded.uid, decoded.email, Date.now());
  const claims = sessionClaims(decoded);
  return {
    uid: user.id,
    email: user.email,
    roles: [...user.roles],
    scopes: effectiveScopes(claims.scopes, user.roles, claims.mfa),
    claims: {
      ...claims,
      authTime: decoded.auth_time,
      signInProvider: decoded.firebase?.sign_in_provider ?? 'unknown',
      adminOf: [...user.adminOf],
    },
  };
}
