// Sign-in rules: which scopes a caller gets, when a second factor is demanded, custom tokens, session
// cookies, refresh tokens, re-authentication and sign-out.
//
// Re-authentication: a custom token carries the claim `reauth_at` (epoch seconds) when it was minted
// from a password sign-in of the last 5 minutes plus, when the user has MFA, a passed second factor.
// Sensitive changes need `reauth_at` at most 10 minutes old. A custom-token session that only carries
// its MFA forward (customToken called with its own ID token) keeps its old `reauth_at`: holding a
// session never makes it fresh.
//
// The parts: who is calling and what they may ask (./caller.ts), the second factor's dependencies and
// errors (./second-factor.ts), minting the custom token (./mint.ts), the session cookie (./session-cookie.ts).
import type { AppDeps } from '../http/types.ts';
import { FRESH_SIGN_IN_MS, REAUTH_VALID_MS, grantable, identify, normaliseScopes, recent } from './caller.ts';
import { badRequest, invalidToken, reauthenticationRequired } from './errors.ts';
import { checkChallengeResponse } from './mfa/response.ts';
import { mfaOptions } from './mfa/service.ts';
import { mint, type MintedToken } from './mint.ts';
import { revokeSessions } from './revoke.ts';
import { effectiveScopes, mfaMandatory, needsMfa, scopesForRoles } from './scopes.ts';
import { enrolmentRequired, mfaDeps, mfaRequired } from './second-factor.ts';
import type { Principal } from './session.ts';
import { useQueryStringToken } from './tokens.ts';
import { findUser } from './users.ts';

export { FRESH_SIGN_IN_MS, REAUTH_VALID_MS } from './caller.ts';
export { mfaDeps, mfaRequired } from './second-factor.ts';
export type { MintedToken } from './mint.ts';
export { SESSION_COOKIE_TTL_MS, sessionCookie, type SessionResult } from './session-cookie.ts';

export interface CustomTokenInput {
  idToken?: string | undefined;
  refreshToken?: string | undefined;
  mfaChallengeResponse?: string | undefined;
  scopes: string[];
}

/**
 * GET /iams/auth/customToken. A user with a second factor must answer it (mfaChallengeResponse) unless
 * the presented session already did; therapists and admins without one must enrol first (403
 * mfa_enrolment_required; their first secret may then be confirmed by this very header).
 */
export async function customToken(deps: AppDeps, input: CustomTokenInput): Promise<MintedToken> {
  const now = Date.now();
  const requested = normaliseScopes(input.scopes);
  if (requested.length === 0)
    throw badRequest('Ask for at least one scope.', 'invalid_request', { fields: { scope: 'required' } });
  const caller = await identify(deps, input, now);
  const scopes = grantable(caller.user, requested);
  const options = await mfaOptions(mfaDeps(deps), caller.user.id);
  const enrolling = options.length === 0 && mfaMandatory(caller.user.roles) && needsMfa(scopes);
  if (enrolling && !input.mfaChallengeResponse?.startsWith('totp:')) throw enrolmentRequired();

  let mfa = caller.mfaCarried && options.length > 0;
  if (input.mfaChallengeResponse && (options.length > 0 || enrolling)) {
    await checkChallengeResponse(mfaDeps(deps), caller.user.id, input.mfaChallengeResponse);
    mfa = true;
  } else if (options.length > 0 && !mfa) {
    throw mfaRequired(options);
  }
  // A password ID token reaching here passed its second factor now (when it has one): its reauthAt is its
  // sign-in time when that is recent. A custom-token session keeps its own; a refresh token has none.
  return mint(deps, caller.user.id, scopes, mfa, caller.reauthAt);
}

/**
 * GET /iams/auth/freshCustomToken: for a caller who signed in within the last 5 minutes, a new custom
 * token with the caller's current scopes (those of a custom-token session; for a password ID token,
 * every scope the user may hold). A user with a second factor who presents a password ID token must
 * answer it (header mfaChallengeResponse, as for customToken).
 */
export async function freshCustomToken(
  deps: AppDeps,
  principal: Principal,
  mfaChallengeResponse: string | undefined,
): Promise<MintedToken> {
  const now = Date.now();
  const user = await findUser(deps.db, principal.uid);
  if (!user) throw reauthenticationRequired();
  if (principal.claims.signInProvider === 'custom') {
    if (!recent(principal.claims.reauthAt, FRESH_SIGN_IN_MS, now)) throw reauthenticationRequired();
    const scopes = effectiveScopes(principal.claims.scopes, user.roles, principal.claims.mfa);
    return mint(deps, user.id, scopes, principal.claims.mfa, principal.claims.reauthAt);
  }
  if (!recent(principal.claims.authTime, FRESH_SIGN_IN_MS, now)) throw reauthenticationRequired();
  const options = await mfaOptions(mfaDeps(deps), user.id);
  let mfa = false;
  if (options.length > 0) {
    if (!mfaChallengeResponse) throw mfaRequired(options);
    await checkChallengeResponse(mfaDeps(deps), user.id, mfaChallengeResponse);
    mfa = true;
  }
  const scopes = effectiveScopes(scopesForRoles(user.roles), user.roles, mfa);
  if (scopes.length === 0 && mfaMandatory(user.roles)) throw enrolmentRequired();
  return mint(deps, user.id, scopes, mfa, principal.claims.authTime);
}

/**
 * Sensitive changes (renaming or deleting a second factor …) need a recent re-authentication: a custom
 * token with a fresh `reauth_at`, or — for a user without any second factor — a password sign-in of the
 * last 5 minutes.
 */
export async function assertRecentlyAuthenticated(deps: AppDeps, principal: Principal): Promise<void> {
  const now = Date.now();
  if (principal.claims.signInProvider === 'custom') {
    if (recent(principal.claims.reauthAt, REAUTH_VALID_MS, now)) return;
    throw reauthenticationRequired();
  }
  if (
    recent(principal.claims.authTime, FRESH_SIGN_IN_MS, now) &&
    (await mfaOptions(mfaDeps(deps), principal.uid)).length === 0
  )
    return;
  throw reauthenticationRequired();
}

/** GET /iams/query-string-token/use: a custom token for the token's user, once. */
export async function redeemQueryStringToken(deps: AppDeps, tokenId: string): Promise<MintedToken> {
  const grant = await useQueryStringToken(deps.db, tokenId, Date.now());
  if (!grant) throw invalidToken('This link has expired or was already used.');
  const user = await findUser(deps.db, grant.userId);
  if (!user) throw invalidToken('This link is no longer valid.');
  const scopes = effectiveScopes(grant.scopes, user.roles, grant.mfa);
  return mint(deps, user.id, scopes, grant.mfa, null);
}

/**
 * GET /iams/auth/logout: every credential of the user ends, in every process, before the answer (ID tokens
 * and session cookies through the session-validity record, Tend refresh, query-string and chat tokens, and
 * Firebase's refresh tokens): ./revoke.ts.
 */
export async function logout(
  deps: AppDeps,
  uid: string,
  warn?: (message: string, error: unknown) => void,
): Promise<void> {
  await revokeSessions(deps, uid, 'sign-out', warn ? { warn } : {});
}
