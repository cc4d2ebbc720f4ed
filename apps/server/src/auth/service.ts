// Sign-in rules: which scopes a caller gets, when a second factor is demanded, custom tokens, session
// cookies, refresh tokens, re-authentication and sign-out.
//
// Re-authentication: a custom token carries the claim `reauth_at` (epoch seconds) when it was minted
// from a password sign-in of the last 5 minutes plus, when the user has MFA, a passed second factor.
// Sensitive changes need `reauth_at` at most 10 minutes old. A custom-token session that only carries
// its MFA forward (customToken called with its own ID token) keeps its old `reauth_at`: holding a
// session never makes it fresh.
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { AppDeps, HandlerContext } from '../http/types.ts';
import { DEVICE_COOKIE, readCookie, setDeviceCookie } from './cookies.ts';
import { keyedHash, randomToken } from './crypto.ts';
import { wrongCodesMail } from './mail.ts';
import { mfaLimitsFor, rememberDevice } from './mfa/limiter.ts';
import {
  IdentityError,
  MfaRequiredError,
  badRequest,
  invalidToken,
  reauthenticationRequired,
  unauthenticated,
} from './errors.ts';
import { firebaseAuth } from './firebase.ts';
import { checkChallengeResponse } from './mfa/response.ts';
import { mfaOptions, type MfaDeps, type MfaOption } from './mfa/service.ts';
import { effectiveScopes, mfaMandatory, needsMfa, scopeDefinition, scopesForRoles } from './scopes.ts';
import { sessionClaims, verifyIdToken, type Principal } from './session.ts';
import { revokeSessions } from './revoke.ts';
import {
  PRIVILEGED_REFRESH_TTL_MS,
  REFRESH_TTL_MS,
  createRefreshToken,
  useQueryStringToken,
  useRefreshToken,
} from './tokens.ts';
import { SESSION_VALIDITY_CLAIM, readValidity } from './validity.ts';
import { ensureUser, findUser, type UserRecord } from './users.ts';

/** A password (and second factor) proven this recently counts as a fresh sign-in. */
export const FRESH_SIGN_IN_MS = 5 * 60_000;
/** Sensitive changes need a re-authentication at most this old. */
export const REAUTH_VALID_MS = 10 * 60_000;
export const SESSION_COOKIE_TTL_MS = 12 * 60 * 60_000;
/** Firebase custom tokens are valid for one hour. */
const CUSTOM_TOKEN_TTL_MS = 60 * 60_000;

/**
 * The second-factor dependencies of a call: limits for this environment, the warning mail, and — when
 * called with a handler's context — where the attempt comes from (a keyed hash of the client address and
 * of the device cookie) and what to do when a code passes (remember the device, set its cookie if new).
 */
export function mfaDeps(deps: AppDeps): MfaDeps {
  const now = () => Date.now();
  const base: MfaDeps = {
    db: deps.db,
    secret: deps.config.secret,
    now,
    issuer: 'Tend',
    limits: mfaLimitsFor(deps.config.env),
    alert: (userId, failures) => {
      void warnOfFailures(deps, userId, failures).catch((error: unknown) =>
        (deps as Partial<HandlerContext>).log?.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'wrong-code warning not mailed',
        ),
      );
    },
  };
  const reply = (deps as Partial<HandlerContext>).reply;
  if (!reply) return base;
  const { secret } = deps.config;
  const given = readCookie(reply.request, DEVICE_COOKIE);
  const cookie = given && /^[A-Za-z0-9_-]{32,100}$/.test(given) ? given : undefined;
  const deviceHash = (value: string) => keyedHash(secret, 'mfa-device', value);
  return {
    ...base,
    source: {
      address: keyedHash(secret, 'mfa-source', reply.request.ip),
      device: cookie ? deviceHash(cookie) : null,
    },
    passed: async (userId) => {
      const value = cookie ?? randomToken();
      if (!cookie) setDeviceCookie(reply, deps.config, value);
      await rememberDevice(deps.db, userId, deviceHash(value), now());
    },
  };
}

/** Mails the user that their account saw repeated wrong second-factor codes. */
async function warnOfFailures(deps: AppDeps, userId: string, failures: number): Promise<void> {
  const user = await findUser(deps.db, userId);
  if (!user || user.email.endsWith('.invalid')) return;
  await deps.mailer.send(wrongCodesMail(user.email, failures));
}

export function mfaRequired(options: MfaOption[]): MfaRequiredError {
  return new MfaRequiredError(
    options.map((o) => ({ type: o.type, id: o.id, label: o.label, default: o.default })),
  );
}

function enrolmentRequired(): IdentityError {
  return new IdentityError(
    403,
    'mfa_enrolment_required',
    'Set up a second factor (an authenticator app) before using this app.',
    { options: [] },
  );
}

function normaliseScopes(requested: readonly string[]): string[] {
  const scopes = [...new Set(requested.map((s) => s.trim()).filter(Boolean))];
  const unknown = scopes.filter((s) => !scopeDefinition(s));
  if (unknown.length > 0)
    throw badRequest(`Unknown scope: ${unknown.join(', ')}.`, 'invalid_request', {
      fields: { scope: 'unknown' },
    });
  return scopes;
}

/** The requested scopes, all of which the user must hold (403 scope_not_granted otherwise). */
function grantable(user: UserRecord, requested: string[]): string[] {
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

interface Caller {
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

function recent(epochSeconds: number | null, windowMs: number, now: number): boolean {
  return epochSeconds !== null && now - epochSeconds * 1000 <= windowMs;
}

async function identify(
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

export interface MintedToken {
  customToken: string;
  uid: string;
  scopes: string[];
  expiresAt: string;
}

async function mint(
  deps: AppDeps,
  uid: string,
  scopes: string[],
  mfa: boolean,
  reauthAt: number | null,
): Promise<MintedToken> {
  // The user's valid_after as stored now (never a cached copy): the session stays current until the next
  // revocation moves it (./validity.ts).
  const { validAfter } = await readValidity(deps.db, uid);
  const claims: Record<string, unknown> = { scopes, mfa, [SESSION_VALIDITY_CLAIM]: validAfter };
  if (reauthAt !== null) claims.reauth_at = reauthAt;
  const customToken = await firebaseAuth(deps.config).createCustomToken(uid, claims);
  return { customToken, uid, scopes, expiresAt: new Date(Date.now() + CUSTOM_TOKEN_TTL_MS).toISOString() };
}

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
