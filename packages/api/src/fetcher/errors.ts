/** The one error of every failed API call. */
import type { Error as ContractError, MfaOptions } from '../generated/model';

/** Every failure of an API call. `body` is the server's Error body when it sent one. */
export class ApiError<TBody = ContractError> extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer (network failure). */
  readonly status: number;
  /** The contract's error code (`etag_mismatch`, `mfa_required`, ...), `network_error`, `invalid_response`, or `http_<status>`. */
  readonly code: string;
  readonly body: TBody | undefined;
  /** `body.details` of the Error schema, when present. */
  readonly details: Record<string, unknown> | undefined;
  /** Seconds to wait (429: the Retry-After header, else details.retryAfter). */
  readonly retryAfter: number | undefined;
  /** The resource's current ETag (412: header, else details.currentEtag). */
  readonly etag: string | undefined;
  /** The MFA options of a 401 `mfa_required`. */
  readonly mfaOptions: MfaOptions | undefined;
  /** The operation that failed, when known. */
  readonly operationId: string | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    body?: TBody;
    details?: Record<string, unknown>;
    retryAfter?: number;
    etag?: string;
    mfaOptions?: MfaOptions;
    operationId?: string;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.body = init.body;
    this.details = init.details;
    this.retryAfter = init.retryAfter;
    this.etag = init.etag;
    this.mfaOptions = init.mfaOptions;
    this.operationId = init.operationId;
  }

  /** 4xx: the request was refused; retrying it unchanged will not help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
