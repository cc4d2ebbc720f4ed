/**
 * Turns what can go wrong while signing in into something the user can act on: a translation key of the
 * `auth` namespace plus the numbers the message needs. Raw server or Firebase messages are never shown.
 */

/** The `auth:errors.*` keys a problem can have. */
export const PROBLEM_KEYS = [
  'invalidCredentials',
  'invalidCode',
  'codeFormat',
  'codeExpired',
  'tooManyAttempts',
  'tooManyCodes',
  'accountDisabled',
  'wrongPortal',
  'mfaEnrolmentRequired',
  'network',
  'serverUnavailable',
  'sessionExpired',
  'reauthenticationRequired',
  'unknown',
] as const;
export type ProblemKey = (typeof PROBLEM_KEYS)[number];

export interface AuthProblem {
  key: ProblemKey;
  /** Attempts left before a lock-out, when the server says. */
  attemptsLeft?: number | undefined;
  /** When the user may try again (epoch ms), from Retry-After or the error details. */
  retryAt?: number | undefined;
}

/** The fields we read from packages/api's ApiError (read structurally, so fakes and real errors both fit). */
export interface ApiErrorLike {
  status: number;
  /** The Error body (code, message, details, options). */
  body?: Record<string, unknown> | undefined;
  code?: string | undefined;
  details?: Record<string, unknown> | undefined;
  retryAfterSeconds?: number | undefined;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Reads Retry-After: seconds, or an HTTP date (relative to `now`). */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** The ApiError-shaped view of an error, or undefined when it is not an HTTP answer. */
export function apiErrorOf(error: unknown, now: number = Date.now()): ApiErrorLike | undefined {
  const e = asRecord(error);
  if (!e || typeof e.status !== 'number') return undefined;
  const body = asRecord(e.body) ?? asRecord(e.data) ?? e;
  const code = typeof e.code === 'string' ? e.code : typeof body?.code === 'string' ? body.code : undefined;
  const details = asRecord(e.details) ?? asRecord(body?.details);
  let retryAfterSeconds: number | undefined;
  if (typeof e.retryAfterSeconds === 'number') retryAfterSeconds = e.retryAfterSeconds;
  else if (typeof e.retryAfter === 'number') retryAfterSeconds = e.retryAfter;
  else if (typeof details?.retryAfter === 'number') retryAfterSeconds = details.retryAfter;
  else if (typeof details?.retryAfterSeconds === 'number') retryAfterSeconds = details.retryAfterSeconds;
  else {
    const headers = e.headers;
    const header =
      headers instanceof Headers
        ? headers.get('retry-after')
        : typeof asRecord(headers)?.['retry-after'] === 'string'
          ? (asRecord(headers)!['retry-after'] as string)
          : undefined;
    retryAfterSeconds = parseRetryAfter(header, now);
  }
  return { status: e.status, body, code, details, retryAfterSeconds };
}

const FIREBASE_CODES: Record<string, ProblemKey> = {
  'auth/invalid-credential': 'invalidCredentials',
  'auth/invalid-login-credentials': 'invalidCredentials',
  'auth/wrong-password': 'invalidCredentials',
  'auth/user-not-found': 'invalidCredentials',
  'auth/invalid-email': 'invalidCredentials',
  'auth/missing-password': 'invalidCredentials',
  'auth/user-disabled': 'accountDisabled',
  'auth/too-many-requests': 'tooManyAttempts',
  'auth/network-request-failed': 'network',
  'auth/user-token-expired': 'sessionExpired',
  'auth/requires-recent-login': 'sessionExpired',
};

const API_CODES: Record<string, ProblemKey> = {
  mfa_invalid: 'invalidCode',
  mfa_invalid_code: 'invalidCode',
  mfa_invalid_response: 'codeExpired',
  invalid_code: 'invalidCode',
  mfa_no_challenge: 'codeExpired',
  challenge_exhausted: 'codeExpired',
  too_many_attempts: 'tooManyAttempts',
  rate_limited: 'tooManyAttempts',
  reauthentication_required: 'reauthenticationRequired',
  too_many_codes: 'tooManyCodes',
  scope_not_granted: 'wrongPortal',
  wrong_portal: 'wrongPortal',
  mfa_enrolment_required: 'mfaEnrolmentRequired',
  user_disabled: 'accountDisabled',
  invalid_credentials: 'invalidCredentials',
};

/** Classifies any error thrown during sign-in, MFA or re-authentication. */
export function describeProblem(error: unknown, now: number = Date.now()): AuthProblem {
  if (error && typeof error === 'object' && 'key' in error && typeof (error as AuthProblem).key === 'string') {
    return error as AuthProblem;
  }
  const api = apiErrorOf(error, now);
  if (api) {
    const attempts = api.details?.attemptsLeft;
    const attemptsLeft = typeof attempts === 'number' ? attempts : undefined;
    const retryAt = api.retryAfterSeconds === undefined ? undefined : now + api.retryAfterSeconds * 1000;
    let key: ProblemKey | undefined = api.code ? API_CODES[api.code] : undefined;
    if (!key) {
      if (api.status === 429) key = 'tooManyAttempts';
      else if (api.status === 403) key = 'wrongPortal';
      else if (api.status === 0) key = 'network';
      else if (api.status >= 500) key = 'serverUnavailable';
      else key = 'unknown';
    }
    return { key, attemptsLeft, retryAt };
  }
  const firebaseCode = (error as { code?: unknown } | null)?.code;
  if (typeof firebaseCode === 'string' && firebaseCode.startsWith('auth/')) {
    return { key: FIREBASE_CODES[firebaseCode] ?? 'unknown' };
  }
  if (error instanceof TypeError) return { key: 'network' }; // fetch's network failure
  return { key: 'unknown' };
}

/** Creates a problem to throw from inside the flow (describeProblem passes it through). */
export function problem(key: ProblemKey, extra: Omit<AuthProblem, 'key'> = {}): AuthProblem {
  return { key, ...extra };
}
