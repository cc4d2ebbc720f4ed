// Refusals of the identity code, as the core's HttpError (answered with the contract's Error body).
import { HttpError, type ErrorBody } from '../http/errors.ts';

export { HttpError as IdentityError };

export const unauthenticated = (message = 'Sign in to continue.', code = 'unauthenticated') =>
  new HttpError(401, code, message);
export const invalidToken = (message = 'The sign-in is not valid or has expired. Sign in again.') =>
  new HttpError(401, 'invalid_token', message);
export const forbidden = (message = 'You may not do this.', code = 'forbidden') =>
  new HttpError(403, code, message);
export const notFound = (message = 'Not found.') => new HttpError(404, 'not_found', message);
export const conflict = (code: string, message: string) => new HttpError(409, code, message);
export const badRequest = (message: string, code = 'invalid_request', details?: Record<string, unknown>) =>
  new HttpError(400, code, message, details);
export const reauthenticationRequired = () =>
  new HttpError(401, 'reauthentication_required', 'For your security, sign in again before this change.');

/** 429 with Retry-After (and details.retryAfter, seconds). */
export const tooManyAttempts = (retryAfter: number, message?: string, reason = 'too_many_attempts') =>
  new HttpError(
    429,
    'rate_limited',
    message ?? `Too many attempts. Try again in ${Math.max(1, Math.ceil(retryAfter / 60))} minute(s).`,
    { retryAfter, reason },
    { 'retry-after': String(retryAfter) },
  );

export interface MfaOptionBody {
  type: 'totp' | 'email';
  id: string;
  label: string;
  default: boolean;
}

/** 401 mfa_required: the options both as the contract's `options` ({options}) and in `details.options`. */
export class MfaRequiredError extends HttpError {
  constructor(public readonly options: MfaOptionBody[]) {
    super(401, 'mfa_required', 'Enter the code from your second factor to continue.', { options });
  }

  override toBody(): ErrorBody & { options: { options: MfaOptionBody[] } } {
    return { ...super.toBody(), options: { options: this.options } };
  }
}
