/** The one retry policy of the apps' queries (mutations are never retried). */
import { ApiError } from './errors.ts';

const MAX_RETRIES = 3;
/** A Retry-After longer than this is not waited for in the background: the screen says when to try again. */
export const MAX_RETRY_AFTER_SECONDS = 30;

/**
 * The one retry policy of the apps' queries: what may pass on a second try is tried again, up to 3 times —
 * network failures, 5xx, and 429 when its Retry-After is at most 30 seconds —, never any other 4xx answer.
 * Mutations are never retried (a person decides to try again).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  // Unreachable while the browser knows it is offline: say so now rather than after three more failures.
  const unreachable = !(error instanceof ApiError) || error.status === 0;
  if (unreachable && typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  if (!(error instanceof ApiError)) return true;
  if (error.status === 429)
    return error.retryAfter === undefined || error.retryAfter <= MAX_RETRY_AFTER_SECONDS;
  return !error.isClientError;
}

/** The wait before a retry: the server's Retry-After when it gave one, else 1 s, 2 s, 4 s (at most 30 s). */
export function retryDelay(failureCount: number, error: unknown): number {
  if (error instanceof ApiError && error.retryAfter !== undefined) return error.retryAfter * 1000;
  return Math.min(1000 * 2 ** failureCount, MAX_RETRY_AFTER_SECONDS * 1000);
}
