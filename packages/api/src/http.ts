/**
 * The one fetcher of the Tend apps: every generated hook calls `apiFetch` (Orval's custom mutator).
 *
 * - The API root comes from `getRuntimeConfig().apiRoot` (@tend/config/runtime); operations the contract
 *   serves from the status host (`/server-status.json`) go to `statusHost`.
 * - The ID token comes from the provider that packages/auth registers with `setTokenProvider` at start
 *   (this package never imports auth) and is sent as `Authorization: Bearer <token>`.
 * - Success bodies are parsed as the contract says (generated table in ./generated/operations.ts): JSON,
 *   text (`/time`-like numbers become numbers), binary (Blob) or nothing.
 * - ETags: the response `ETag` header is handed to `options.onEtag` (hooks: `{ request: { onEtag } }`)
 *   and versioned resources repeat it in their body field `etag`; the request `ETag` header is the
 *   operation's own `ETag` header parameter (or `options.etag`).
 * - Every failure is one `ApiError` (status, code, message, body, details, retryAfter, etag, mfaOptions);
 *   a network failure is status 0 `network_error`; an aborted request rejects with the AbortSignal's
 *   reason untouched so TanStack Query treats it as a cancellation.
 * - Unexpected failures (5xx, network, unparseable success) go to the error reporter
 *   (`POST /error-reporting`), at most one report per 1000 ms, never about the reporter itself.
 *
 * This file is the fetcher itself and the package's one entry to its parts in ./fetcher/: token.ts (the
 * token provider), errors.ts (`ApiError`), reporter.ts (the error reporter), operations.ts (which
 * operation a request is), request.ts (query string, headers, body), response.ts (failures and success
 * bodies read as the contract says), retry.ts (the retry policy). The apps' QueryClient stays here, beside the
 * fetcher, on purpose: its class then goes with the fetcher into the chunk every caller of the server shares, and
 * the public site's lazily loaded QueryLayout stays a chunk of its own (its prerendered pages preload it by name).
 */
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { getRuntimeConfig } from '@tend/config/runtime';
import { ApiError } from './fetcher/errors.ts';
import { findOperation } from './fetcher/operations.ts';
import { reportApiFailure, shouldReport } from './fetcher/reporter.ts';
import {
  buildHeaders,
  encodeBody,
  toQueryString,
  type RequestConfig,
  type RequestOptions,
} from './fetcher/request.ts';
import { parseSuccess, toApiError, type ApiResponse } from './fetcher/response.ts';
import { retryDelay, shouldRetry } from './fetcher/retry.ts';
import { currentToken } from './fetcher/token.ts';

export { setTokenProvider, type TokenProvider } from './fetcher/token.ts';
export { ApiError, isApiError } from './fetcher/errors.ts';
export {
  configureErrorReporter,
  reportClientError,
  resetErrorReporter,
  REPORT_INTERVAL_MS,
  type ErrorReportInput,
} from './fetcher/reporter.ts';
export { findOperation } from './fetcher/operations.ts';
export { toQueryString, type RequestConfig, type RequestOptions } from './fetcher/request.ts';
export type { ApiResponse } from './fetcher/response.ts';
export { MAX_RETRY_AFTER_SECONDS, retryDelay, shouldRetry } from './fetcher/retry.ts';

// Declared here, in the mutator's own file, where Orval looks for them.
/** Orval: the error type of the generated hooks. */
export type ErrorType<E> = ApiError<E>;
/** Orval: the body type of the generated mutations. */
export type BodyType<B> = B;

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return Boolean(signal?.aborted) || (error instanceof DOMException && error.name === 'AbortError');
}

/** The fetcher with response metadata: parsed data, status, ETag and headers. */
export async function apiFetchWithResponse<T>(
  config: RequestConfig,
  options?: RequestOptions,
): Promise<ApiResponse<T>> {
  const method = config.method.toUpperCase();
  const [pathOnly = ''] = config.url.split('?');
  const operation = findOperation(method, pathOnly);
  const runtime = getRuntimeConfig();
  const base = options?.baseUrl ?? (operation?.host === 'status' ? runtime.statusHost : runtime.apiRoot);
  const url = `${base.replace(/\/+$/, '')}${config.url}${toQueryString(config.params)}`;
  const headers = buildHeaders(config, options);
  const isStatusHost = operation?.host === 'status' && !options?.baseUrl;
  if (!options?.anonymous && !isStatusHost && !headers.has('Authorization')) {
    const token = await currentToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    else if (token === null && operation && !operation.scopes.includes('public'))
      // Signed out (or signing out): a call that needs a session is not sent to be refused; it fails here
      // as the server would have answered, without a 401 in the browser's console.
      throw new ApiError({
        status: 401,
        code: 'not_signed_in',
        message: 'Not signed in',
        operationId: operation.operationId,
      });
  }
  const body = encodeBody(config.data, headers);

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body,
      signal: config.signal,
      credentials: isStatusHost ? 'omit' : 'include',
    });
  } catch (cause) {
    if (isAbort(cause, config.signal)) throw config.signal?.reason ?? cause;
    const error = new ApiError({
      status: 0,
      code: 'network_error',
      message: cause instanceof Error ? cause.message : 'The network request failed',
      operationId: operation?.operationId,
      cause,
    });
    reportApiFailure(error, method, pathOnly);
    throw error;
  }

  const etag = response.headers.get('ETag');
  if (!response.ok) {
    const error = await toApiError(response, operation?.operationId);
    if (response.status === 412) options?.onEtag?.(error.etag ?? null);
    if (shouldReport(error)) reportApiFailure(error, method, pathOnly);
    throw error;
  }
  try {
    const data = (await parseSuccess(response, operation?.response, config)) as T;
    options?.onEtag?.(etag);
    return { data, status: response.status, etag, headers: response.headers };
  } catch (cause) {
    if (isAbort(cause, config.signal)) throw config.signal?.reason ?? cause;
    const error =
      cause instanceof ApiError
        ? cause
        : new ApiError({
            status: response.status,
            code: 'invalid_response',
            message: 'The response could not be read',
            cause,
          });
    reportApiFailure(error, method, pathOnly);
    throw error;
  }
}

/** Orval's mutator: answers the parsed body. */
export async function apiFetch<T>(config: RequestConfig, options?: RequestOptions): Promise<T> {
  return (await apiFetchWithResponse<T>(config, options)).data;
}

// ───────────────────────────── query client ─────────────────────────────

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
