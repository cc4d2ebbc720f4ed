// Who is calling a sign-in call (an ID token or a refresh token), how recently they proved their password
// and second factor, and which of the scopes they ask for they may have.
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { AppDeps } from '../http/types.ts';
import { IdentityError, badRequest, invalidToken, unauthenticated } from './errors.ts';
import { scopeDefinition, scopesForRoles } from './scopes.ts';
import { sessionClaims, verifyIdToken } from './session.ts';
import { useRefreshToken } from './tokens.ts';
import { ensureUser, findUser, type UserRecord } from './users.ts';

/** A password (and second factor) proven this recently counts as a fresh sign-in. */
export const FRESH_SIGN_IN_MS = 5 * 60_000;
/** Sensitive changes need a re-authentication at most this old. */
export const REAUTH_VALID_MS = 10 * 60_000;

export function normaliseScopes(requested: readonly string[]): string[] {
  const scopes = [...new Set(requested.map((s) => s.trim()).filter(Boolean))];
  const unknown = scopes.filter((s) => !scopeDefinition(s));
  if (unknown.length > 0)
    throw badRequest(`Unknown scope: ${unknown.join(', ')}.`, 'invalid_request', {
      fields: { scope: 'unknown' },
    });
  return scopes;
}

/** The requested scopes, all of which the user must hold (403 scope_not_granted otherwise). */
export function grantable(user: UserRecord, requested: string[]): string[] {
  const held = scopesForRoles(user.roles);
  const refused = requested.filter((s) => !held.includes(s));
  if (refused.length > 0) {
    throw new IdentityError(
      403,
      'scope_not_granted',
      `This account cannot use ${refused.join(', ')}. Sign in with an account that has access.`,
      { scopes: refused },
    );
  }
  return requested;
}

export interface Caller {
  user: UserRecord;
  /** Claims of the presented ID token (absent for a refresh token). */
  decoded?: DecodedIdToken;
  /** A second factor already passed by the session presented (custom-token session or refresh token). */
  mfaCarried: boolean;
  /** When password (+MFA) was last proven, epoch seconds; null when unknown or too old to count. */
  reauthAt: number | null;
}

function isPasswordToken(decoded: DecodedIdToken): boolean {
  return decoded.firebase?.sign_in_provider !== 'custom';
}

/** Whether an instant (epoch seconds) lies within the window before now. */
export function recent(epochSeconds: number | null, windowMs: number, now: number): boolean {
  return epochSeconds !== null && now - epochSeconds * 1000 <= windowMs;
}

/** The caller of customToken: by ID token (password or custom-token session) or by refresh token. */
export async function identify(
  deps: AppDeps,
  input: { idToken?: string | undefined; refreshToken?: string | undefined },
  now: number,
): Promise<Caller> {
  if (input.idToken) {
    const decoded = await verifyIdToken(deps, input.idToken);
    const user = await ensureUser(deps.db, decoded.uid, decoded.email, now);
    const claims = sessionClaims(decoded);
    if (isPasswordToken(decoded)) {
      return {
        user,
        decoded,
        mfaCarried: false,
        reauthAt: recent(decoded.auth_time, FRESH_SIGN_IN_MS, now) ? decoded.auth_time : null,
      };
    }
    return { user, decoded, mfaCarried: claims.mfa, reauthAt: claims.reauthAt };
  }
  if (input.refreshToken) {
    const grant = await useRefreshToken(deps.db, input.refreshToken, now);
    if (!grant) throw invalidToken('The refresh token is not valid or has expired. Sign in again.');
    const user = await findUser(deps.db, grant.userId);
    if (!user) throw invalidToken('The refresh token is not valid. Sign in again.');
    return { user, mfaCarried: grant.mfa, reauthAt: null };
  }
  throw unauthenticated('Send an ID token (idToken header or bearer) or a refreshToken.');
}
