/** The apps' QueryClient: one retry policy, mutations never retried, failed queries fetched again on reconnect. */
import { onlineManager, QueryClient } from '@tanstack/react-query';
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

/**
 * A query client that, when the connection returns, fetches again every query on screen whose last fetch
 * failed (a list read while offline, the chat), whether or not its data is stale yet: TanStack Query's own
 * refetchOnReconnect asks again only for stale data, so a page that failed within `staleTime` of its last
 * success would keep its error until a click. Listens while mounted (QueryClientProvider mounts it).
 */
export class TendQueryClient extends QueryClient {
  #stopListening: (() => void) | undefined;

  override mount(): void {
    super.mount();
    this.#stopListening ??= onlineManager.subscribe((online) => {
      if (online) void this.refetchFailed();
    });
  }

  override unmount(): void {
    super.unmount();
    this.#stopListening?.();
    this.#stopListening = undefined;
  }

  /** Fetches again the active queries whose last fetch failed. */
  refetchFailed(): Promise<void> {
    return this.refetchQueries(
      {
        type: 'active',
        predicate: (query) => query.state.status === 'error' || query.state.fetchFailureCount > 0,
      },
      { cancelRefetch: false },
    );
  }
}

/**
 * The QueryClient every app uses (the portals and the public site): one retry policy, mutations never retried.
 * Network mode 'always': a call made without a connection runs and fails (the screen says the person is
 * offline, and the patient app's saves queue on the device) instead of waiting paused, which would leave a
 * page on its loader and a save on its spinner for as long as the connection is gone. Coming back online
 * refetches what is shown (refetchOnReconnect).
 */
export function createQueryClient(): QueryClient {
  return new TendQueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, staleTime: 30_000, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
