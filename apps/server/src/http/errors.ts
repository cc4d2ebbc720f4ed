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

export const badRequest = (message: string, details?: Record<string, unknown>, code = 'invalid_request') =>
  new HttpError(400, code, message, details);
/** 400 `invalid_request`; details.fields maps each bad field to its reason (the contract's convention). */
export const validationError = (message: string, details?: Record<string, unknown>) =>
  new HttpError(400, 'invalid_request', message, details);
export const unauthenticated = (message = 'Sign in to continue.') =>
  new HttpError(401, 'unauthenticated', message);
export const forbidden = (message = 'You may not do this.') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new HttpError(404, 'not_found', message);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new HttpError(409, 'conflict', message, details);
/** A 412 of an ETag check: the current ETag in the ETag header and in details, with the current item if given. */
const preconditionFailed = (code: string, message: string, currentEtag: string, current?: unknown) =>
  new HttpError(412, code, message, current === undefined ? { currentEtag } : { currentEtag, current }, {
    etag: currentEtag,
  });
/** 412 `etag_mismatch`: the ETag sent is stale; the current one is in the ETag header and in details. */
export const etagMismatch = (currentEtag: string, current?: unknown) =>
  preconditionFailed(
    'etag_mismatch',
    'This item has changed since you loaded it. Nothing was saved: review the current version.',
    currentEtag,
    current,
  );
/** 412 `etag_required`: no ETag header was sent, so nothing is overwritten. */
export const etagRequired = (currentEtag: string, current?: unknown) =>
  preconditionFailed(
    'etag_required',
    'Send the ETag of the version you loaded to change this item.',
    currentEtag,
    current,
  );
