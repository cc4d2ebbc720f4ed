/**
 * The one error vocabulary of the apps: `toProblem(error)` turns any failure (an ApiError of the fetcher, a
 * Firebase Auth error, a fetch TypeError, a cancelled request, anything thrown) into what a screen shows: a
 * kind, the message key to translate, the field errors of a form, when to try again, the attempts left, and on
 * 412 the current ETag and stored resource. Screens never read error objects themselves.
 */
import { isCancelledError } from '@tanstack/react-query';
import { ApiError } from '@tend/api/http';
import { ErrorCode, type MfaOptions } from '@tend/api/model';
import { formFieldPath } from './fields.ts';

/** Every kind of problem a screen tells apart. */
export const PROBLEM_KINDS = [
  'offline',
  'network',
  'cancelled',
  'unauthenticated',
  'forbidden',
  'notFound',
  'invalid',
  'conflict',
  'versionConflict',
  'tooLarge',
  'rateLimited',
  'unavailable',
  'server',
  'unknown',
] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

/** Where the failure came from. */
export type ProblemSource = 'api' | 'network' | 'firebase' | 'client';

export interface Problem {
  kind: ProblemKind;
  source: ProblemSource;
  /** HTTP status; 0 without an answer. */
  status: number;
  /** The contract's ErrorCode, a Firebase code (`auth/…`), `network_error`, `cancelled` or `unknown`. */
  code: string;
  /** True when `code` is one of the contract's ErrorCode values. */
  contractCode: boolean;
  /** Key of the `core` namespace's `problem` part: `problem.codes.<code>` or `problem.kinds.<kind>`. */
  messageKey: `problem.codes.${ErrorCode}` | `problem.kinds.${ProblemKind}`;
  /**
   * Field path in the form's values (`body.` / `query.` prefixes removed) → the server's reason (English, for
   * logs: a screen shows `fieldMessagesOf`'s translated words instead).
   */
  fields: Record<string, string>;
  /** Seconds to wait before trying again (429, 503). */
  retryAfter?: number;
  /** When trying again makes sense (epoch ms), from retryAfter. */
  retryAt?: number;
  /** Attempts left before a lock-out (wrong codes). */
  attemptsLeft?: number;
  /** 412: the resource's current ETag. */
  etag?: string;
  /** 412: the stored resource, as the server has it now. */
  current?: unknown;
  /** 401 `mfa_required`: the second factors on offer. */
  mfaOptions?: MfaOptions;
  /** Whether the same request may succeed when tried again (network, 5xx, 429, 503). */
  retryable: boolean;
  /** The operation that failed, when known. */
  operationId?: string;
  /** The server's `details` as sent (for the few screens that read a detail themselves, e.g. refused scopes). */
  details?: Record<string, unknown>;
  /** The server's English message, for logs only (never shown: screens show the translated message). */
  serverMessage?: string;
  /** What was thrown. */
  error: unknown;
}

const CODES = new Set<string>(Object.values(ErrorCode));

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function kindOfStatus(status: number): ProblemKind {
  if (status === 0) return 'network';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 410) return 'notFound';
  if (status === 409) return 'conflict';
  if (status === 412) return 'versionConflict';
  if (status === 413) return 'tooLarge';
  if (status === 429) return 'rateLimited';
  if (status === 503) return 'unavailable';
  if (status >= 500) return 'server';
  if (status >= 400) return 'invalid';
  return 'unknown';
}

/** The kind of the contract's codes whose meaning is not their status's. */
const CODE_KINDS: Partial<Record<ErrorCode, ProblemKind>> = {
  invalid_token: 'unauthenticated',
  reauthentication_required: 'unauthenticated',
  mfa_required: 'unauthenticated',
  etag_required: 'versionConflict',
  etag_mismatch: 'versionConflict',
  too_many_attempts: 'rateLimited',
  too_many_codes: 'rateLimited',
  challenge_exhausted: 'rateLimited',
  payload_too_large: 'tooLarge',
};

/** Firebase Auth codes: what they mean for the person (the sign-in flow words them further). */
const FIREBASE_KINDS: Record<string, ProblemKind> = {
  'auth/invalid-credential': 'invalid',
  'auth/invalid-login-credentials': 'invalid',
  'auth/wrong-password': 'invalid',
  'auth/user-not-found': 'invalid',
  'auth/invalid-email': 'invalid',
  'auth/missing-password': 'invalid',
  'auth/weak-password': 'invalid',
  'auth/email-already-in-use': 'conflict',
  'auth/user-disabled': 'forbidden',
  'auth/too-many-requests': 'rateLimited',
  'auth/network-request-failed': 'network',
  'auth/user-token-expired': 'unauthenticated',
  'auth/requires-recent-login': 'unauthenticated',
};

function fieldsOf(details: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (isRecord(details?.fields)) {
    for (const [path, reason] of Object.entries(details.fields)) {
      if (typeof reason === 'string') out[formFieldPath(path)] = reason;
    }
  } else if (typeof details?.field === 'string' && typeof details.reason === 'string') {
    out[formFieldPath(details.field)] = details.reason;
  }
  return out;
}

/** A stand-in's MFA options: its own `mfaOptions`, else its Error body's `options` (as the fetcher reads them). */
function mfaOptionsOf(error: Record<string, unknown>): MfaOptions | undefined {
  const body = isRecord(error.body) ? error.body : undefined;
  const options = isRecord(error.mfaOptions)
    ? error.mfaOptions
    : isRecord(body?.options)
      ? body.options
      : undefined;
  return options as MfaOptions | undefined;
}

function offline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function base(
  error: unknown,
  init: Pick<Problem, 'kind' | 'source' | 'status' | 'code'> & Partial<Problem>,
): Problem {
  const contractCode = CODES.has(init.code);
  const messageKey: Problem['messageKey'] =
    contractCode && init.code !== 'unknown'
      ? `problem.codes.${init.code as ErrorCode}`
      : `problem.kinds.${init.kind}`;
  const retryable =
    init.retryable ??
    (init.kind === 'network' ||
      init.kind === 'offline' ||
      init.kind === 'server' ||
      init.kind === 'unavailable' ||
      init.kind === 'rateLimited');
  return { fields: {}, ...init, contractCode, messageKey, retryable, error };
}

function fromApiError(error: ApiError, now: number): Problem {
  const details = error.details;
  const kind =
    error.status === 0
      ? offline()
        ? 'offline'
        : 'network'
      : (CODE_KINDS[error.code as ErrorCode] ?? kindOfStatus(error.status));
  const attempts = details?.attemptsLeft;
  const problem = base(error, {
    kind,
    source: error.status === 0 ? 'network' : 'api',
    status: error.status,
    code: error.code,
    fields: fieldsOf(details),
    serverMessage: error.message,
    ...(details ? { details } : {}),
    ...(error.operationId ? { operationId: error.operationId } : {}),
    ...(typeof attempts === 'number' ? { attemptsLeft: attempts } : {}),
    ...(error.mfaOptions ? { mfaOptions: error.mfaOptions } : {}),
  });
  if (error.retryAfter !== undefined) {
    problem.retryAfter = error.retryAfter;
    problem.retryAt = now + error.retryAfter * 1000;
  }
  if (error.status === 412) {
    if (error.etag) problem.etag = error.etag;
    if (details && 'current' in details) problem.current = details.current;
  }
  if (error.code === 'invalid_response') problem.kind = 'server';
  return problem;
}

/**
 * Any failure → a Problem. `now` (epoch ms) dates `retryAt`. Errors that are not an ApiError but carry an HTTP
 * `status` (a structural stand-in, e.g. in tests) are read the same way.
 */
export function toProblem(error: unknown, now: number = Date.now()): Problem {
  if (error instanceof ApiError) return fromApiError(error, now);
  if (isCancelledError(error) || (error instanceof DOMException && error.name === 'AbortError')) {
    return base(error, {
      kind: 'cancelled',
      source: 'client',
      status: 0,
      code: 'cancelled',
      retryable: true,
    });
  }
  if (isRecord(error) && typeof error.code === 'string' && error.code.startsWith('auth/')) {
    const kind =
      error.code === 'auth/network-request-failed' && offline()
        ? 'offline'
        : (FIREBASE_KINDS[error.code] ?? 'unknown');
    return base(error, { kind, source: 'firebase', status: 0, code: error.code });
  }
  if (isRecord(error) && typeof error.status === 'number' && typeof error.code === 'string') {
    const details = isRecord(error.details) ? error.details : undefined;
    const mfaOptions = mfaOptionsOf(error);
    return fromApiError(
      new ApiError({
        status: error.status,
        code: error.code,
        message: typeof error.message === 'string' ? error.message : '',
        ...(details ? { details } : {}),
        // The fetcher's reading: the Retry-After header, else details.retryAfter.
        ...(typeof error.retryAfter === 'number'
          ? { retryAfter: error.retryAfter }
          : typeof details?.retryAfter === 'number'
            ? { retryAfter: details.retryAfter }
            : {}),
        ...(typeof error.etag === 'string' ? { etag: error.etag } : {}),
        ...(mfaOptions ? { mfaOptions } : {}),
      }),
      now,
    );
  }
  if (error instanceof TypeError) {
    // fetch's own failure: no answer at all.
    return base(error, {
      kind: offline() ? 'offline' : 'network',
      source: 'network',
      status: 0,
      code: 'network_error',
    });
  }
  return base(error, { kind: 'unknown', source: 'client', status: 0, code: 'unknown', retryable: false });
}
