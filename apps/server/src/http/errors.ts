/** The contract's Error schema: every error answer has this body. */
export interface ErrorBody {
  code: string;
  message: string;
  details?: Record<string, unknown> | undefined;
}

/** Throw from a handler (or a hook) to answer `status` with the Error body. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly details?: Record<string, unknown>,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ErrorBody {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new HttpError(400, 'bad_request', message, details);
export const validationError = (message: string, details?: Record<string, unknown>) =>
  new HttpError(400, 'validation_failed', message, details);
export const unauthenticated = (message = 'Sign in to continue.') => new HttpError(401, 'unauthenticated', message);
export const forbidden = (message = 'You may not do this.') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new HttpError(404, 'not_found', message);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new HttpError(409, 'conflict', message, details);
/** 412: the ETag sent is missing or stale; the current one is in the ETag header and in details. */
export const preconditionFailed = (currentEtag: string, message = 'This item has changed since you loaded it.') =>
  new HttpError(412, 'precondition_failed', message, { currentEtag }, { etag: currentEtag });
/** 412 as well when the ETag is missing: a write without one never overwrites. */
export const preconditionRequired = (currentEtag: string) =>
  new HttpError(412, 'precondition_failed', 'Send the ETag you loaded to change this item.', { currentEtag }, {
    etag: currentEtag,
  });
