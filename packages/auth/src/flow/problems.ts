/**
 * The sign-in flow's wording of a problem: every failure is read by @tend/core's toProblem (the one error
 * vocabulary), and its `auth:errors.*` sentence picked by the domain's wordingOf from the tables below (the
 * Problem's contract code, Firebase code, else its kind), keeping the attempts left and when to try again.
 * Raw server or Firebase messages are never shown; ProblemAlert shows the result (see shownProblem).
 */
import type { ErrorCode } from '@tend/api/model';
import { toProblem, wordingOf, type Problem, type ProblemKind, type ShownProblem } from '@tend/core';

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

/** The contract's codes with their own sign-in wording (only codes the contract defines). */
const CODE_KEYS: Partial<Record<ErrorCode, ProblemKey>> = {
  mfa_invalid: 'invalidCode',
  invalid_code: 'invalidCode',
  challenge_exhausted: 'codeExpired',
  too_many_attempts: 'tooManyAttempts',
  rate_limited: 'tooManyAttempts',
  too_many_codes: 'tooManyCodes',
  reauthentication_required: 'reauthenticationRequired',
  scope_not_granted: 'wrongPortal',
  mfa_enrolment_required: 'mfaEnrolmentRequired',
};

/** Firebase Auth's codes (the password step). */
const FIREBASE_KEYS: Record<string, ProblemKey> = {
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

/** Any other problem, by its kind. */
const KIND_KEYS: Partial<Record<ProblemKind, ProblemKey>> = {
  rateLimited: 'tooManyAttempts',
  forbidden: 'wrongPortal',
  network: 'network',
  offline: 'network',
  server: 'serverUnavailable',
  unavailable: 'serverUnavailable',
};

/** The kind of each wording (how ProblemAlert treats it: no attempts left under "too many attempts"). */
const KEY_KINDS: Record<ProblemKey, ProblemKind> = {
  invalidCredentials: 'invalid',
  invalidCode: 'invalid',
  codeFormat: 'invalid',
  codeExpired: 'invalid',
  tooManyAttempts: 'rateLimited',
  tooManyCodes: 'rateLimited',
  accountDisabled: 'forbidden',
  wrongPortal: 'forbidden',
  mfaEnrolmentRequired: 'forbidden',
  network: 'network',
  serverUnavailable: 'unavailable',
  sessionExpired: 'unauthenticated',
  reauthenticationRequired: 'unauthenticated',
  unknown: 'unknown',
};

export function isAuthProblem(value: unknown): value is AuthProblem {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AuthProblem).key === 'string' &&
    !('kind' in value)
  );
}

/** The sign-in wording of a Problem (a problem the flow raised itself passes through). */
export function authProblemOf(p: Problem): AuthProblem {
  if (isAuthProblem(p.error)) return p.error;
  const key = wordingOf(p, { codes: { ...FIREBASE_KEYS, ...CODE_KEYS }, kinds: KIND_KEYS }) ?? 'unknown';
  return { key, attemptsLeft: p.attemptsLeft, retryAt: p.retryAt };
}

/** Classifies any error thrown during sign-in, MFA or re-authentication (through toProblem). */
export function describeProblem(error: unknown, now: number = Date.now()): AuthProblem {
  if (isAuthProblem(error)) return error;
  return authProblemOf(toProblem(error, now));
}

/** Creates a problem to throw from inside the flow (describeProblem passes it through). */
export function problem(key: ProblemKey, extra: Omit<AuthProblem, 'key'> = {}): AuthProblem {
  return { key, ...extra };
}

/** What the domain's ProblemAlert needs to show an AuthProblem. */
export function shownProblem(p: AuthProblem): ShownProblem {
  return { kind: KEY_KINDS[p.key], attemptsLeft: p.attemptsLeft, retryAt: p.retryAt };
}
