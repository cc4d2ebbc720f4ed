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
 */
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { getRuntimeConfig } from '@tend/config/runtime';
import type { Error as ContractError, MfaOptions } from './generated/model';
import { operations, type OperationInfo, type ResponseKind } from './generated/operations.ts';

// ───────────────────────────── token provider ─────────────────────────────

export type TokenProvider = () => Promise<string | null>;

let tokenProvider: TokenProvider | null = null;

/** packages/auth registers how to get the current Firebase ID token (null when signed out). */
export function setTokenProvider(provider: TokenProvider | null): void {
  tokenProvider = provider;
}

/** The token; null when the provider says signed out; undefined without a provider or when it fails. */
async function currentToken(): Promise<string | null | undefined> {
  if (!tokenProvider) return undefined;
  try {
    return await tokenProvider();
  } catch {
    // A provider that cannot produce a token means "not signed in" for this request; the server answers 401.
    return undefined;
  }
}

// ───────────────────────────── errors ─────────────────────────────

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

/** Orval: the error type of the generated hooks. */
export type ErrorType<E> = ApiError<E>;
/** Orval: the body type of the generated mutations. */
export type BodyType<B> = B;

// ───────────────────────────── error reporting ─────────────────────────────

export interface ErrorReportInput {
  message: string;
  reporter?: string;
  stack?: string;
  context?: Record<string, unknown>;
  logBuffer?: string[];
}

export const REPORT_INTERVAL_MS = 1000;
const ERROR_REPORTING_PATH = '/error-reporting';

let reporterName = 'web';
let logBufferSource: (() => string[]) | undefined;
let lastReportAt = Number.NEGATIVE_INFINITY;
let reporting = false;

/** Sets the default `reporter` (e.g. `patient`) and where the recent log lines come from. */
export function configureErrorReporter(options: { reporter?: string; logBuffer?: () => string[] }): void {
  if (options.reporter) reporterName = options.reporter;
  if (options.logBuffer) logBufferSource = options.logBuffer;
}

/** For tests: forget the throttle window and configuration. */
export function resetErrorReporter(): void {
  reporterName = 'web';
  logBufferSource = undefined;
  lastReportAt = Number.NEGATIVE_INFINITY;
  reporting = false;
}

/**
 * Sends an error report to `POST /error-reporting`. At most one report per 1000 ms: reports inside the
 * window are dropped (answers false). Never throws and never reports its own failure.
 */
export async function reportClientError(report: ErrorReportInput): Promise<boolean> {
  const now = Date.now();
  if (reporting || now - lastReportAt < REPORT_INTERVAL_MS) return false;
  lastReportAt = now;
  reporting = true;
  try {
    const token = await currentToken();
    const body = {
      message: report.message.slice(0, 2000),
      reporter: (report.reporter ?? reporterName).slice(0, 100),
      ...(report.stack ? { stack: report.stack.slice(0, 20000) } : {}),
      ...(report.context ? { context: report.context } : {}),
      logBuffer: (report.logBuffer ?? logBufferSource?.() ?? []).slice(-200).map((l) => l.slice(0, 2000)),
    };
    const response = await fetch(`${getRuntimeConfig().apiRoot}${ERROR_REPORTING_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      credentials: 'include',
    });
    return response.ok;
  } catch {
    return false;
  } finally {
    reporting = false;
  }
}

// ───────────────────────────── operation table ─────────────────────────────

interface CompiledOperation {
  info: OperationInfo;
  pattern: RegExp;
  literalSegments: number;
}

const compiled: CompiledOperation[] = operations
  .map((info) => {
    const segments = info.path.split('/').filter(Boolean);
    const source = segments
      .map((s) => (/^\{[^}]+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return {
      info,
      pattern: new RegExp(`^/${source}/?$`),
      literalSegments: segments.filter((s) => !s.startsWith('{')).length,
    };
  })
  .sort((a, b) => b.literalSegments - a.literalSegments);

/** The contract operation a method and URL path belong to (most literal segments win). */
export function findOperation(method: string, path: string): OperationInfo | undefined {
  const upper = method.toUpperCase();
  return compiled.find((c) => c.info.method === upper && c.pattern.test(path))?.info;
}

// ───────────────────────────── the fetcher ─────────────────────────────

type HeaderValue = string | number | boolean | null | undefined;

/** What Orval's generated code passes to the mutator. */
export interface RequestConfig {
  url: string;
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'get' | 'put' | 'post' | 'delete' | 'patch';
  params?: Record<string, unknown>;
  headers?: Record<string, HeaderValue> | Headers;
  data?: unknown;
  signal?: AbortSignal;
  responseType?: 'blob' | 'text' | 'json';
}

/** Per-call options; in generated hooks pass them as `{ request: { ... } }`. */
export interface RequestOptions {
  /** Called with the response's ETag header (null when absent) on success and on 412. */
  onEtag?: (etag: string | null) => void;
  /** Sent as the `ETag` request header (when the operation's own ETag parameter is not given). */
  etag?: string;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Overrides the API root for this call (tests, region routing). */
  baseUrl?: string;
  /** Do not send the Authorization header. */
  anonymous?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  etag: string | null;
  headers: Headers;
}

function appendParam(search: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const v of value) appendParam(search, key, v);
    return;
  }
  if (value instanceof Date) {
    search.append(key, value.toISOString());
    return;
  }
  search.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
}

/** Query string of the contract's style: repeated keys for arrays (`scope=a&scope=b`), no empty values. */
export function toQueryString(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) appendParam(search, key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

function buildHeaders(config: RequestConfig, options: RequestOptions | undefined): Headers {
  const headers = new Headers();
  const source =
    config.headers instanceof Headers ? Object.fromEntries(config.headers.entries()) : (config.headers ?? {});
  for (const [name, value] of Object.entries(source)) {
    if (value !== undefined && value !== null) headers.set(name, String(value));
  }
  for (const [name, value] of Object.entries(options?.headers ?? {})) headers.set(name, value);
  if (options?.etag && !headers.has('ETag')) headers.set('ETag', options.etag);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json, text/plain;q=0.9, */*;q=0.8');
  return headers;
}

function encodeBody(data: unknown, headers: Headers): BodyInit | undefined {
  if (data === undefined) return undefined;
  if (
    data instanceof Blob ||
    data instanceof FormData ||
    data instanceof URLSearchParams ||
    data instanceof ArrayBuffer
  ) {
    return data;
  }
  const contentType = headers.get('Content-Type');
  if (typeof data === 'string' && contentType && !contentType.includes('json')) return data;
  // JSON bodies, including a JSON string (e.g. a cloud document whose content is text).
  if (!contentType) headers.set('Content-Type', 'application/json');
  return JSON.stringify(data);
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

async function readErrorBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function toApiError(response: Response, operationId: string | undefined): Promise<ApiError> {
  const body = await readErrorBody(response);
  const error = isRecord(body) ? body : undefined;
  const details = isRecord(error?.details) ? error.details : undefined;
  const headerRetry = parseRetryAfter(response.headers.get('Retry-After'));
  const detailRetry = typeof details?.retryAfter === 'number' ? details.retryAfter : undefined;
  const etag =
    response.headers.get('ETag') ??
    (typeof details?.currentEtag === 'string' ? details.currentEtag : undefined);
  const message =
    typeof error?.message === 'string' && error.message
      ? error.message
      : typeof body === 'string' && body
        ? body.slice(0, 500)
        : response.statusText || `Request failed with status ${response.status}`;
  return new ApiError({
    status: response.status,
    code: typeof error?.code === 'string' ? error.code : `http_${response.status}`,
    message,
    body: error as ContractError | undefined,
    details,
    retryAfter: headerRetry ?? detailRetry,
    etag: etag ?? undefined,
    mfaOptions: isRecord(error?.options) ? (error.options as unknown as MfaOptions) : undefined,
    operationId,
  });
}

async function parseSuccess(
  response: Response,
  kind: ResponseKind | undefined,
  config: RequestConfig,
): Promise<unknown> {
  if (response.status === 204 || response.status === 205 || kind === 'empty') {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (config.responseType === 'blob' || kind === 'blob') return response.blob();
  const text = await response.text();
  if (kind === 'number') {
    const value = Number(text.trim());
    if (text.trim() === '' || !Number.isFinite(value)) {
      throw new ApiError({
        status: response.status,
        code: 'invalid_response',
        message: `Expected a number, got ${JSON.stringify(text.slice(0, 50))}`,
      });
    }
    return value;
  }
  if (kind === 'text' || config.responseType === 'text') return text;
  const contentType = response.headers.get('Content-Type') ?? '';
  if (kind === 'json' || contentType.includes('json')) {
    if (text === '') return undefined;
    try {
      return JSON.parse(text);
    } catch (cause) {
      throw new ApiError({
        status: response.status,
        code: 'invalid_response',
        message: 'The server answered with invalid JSON',
        cause,
      });
    }
  }
  return text;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return Boolean(signal?.aborted) || (error instanceof DOMException && error.name === 'AbortError');
}

function shouldReport(error: ApiError): boolean {
  return error.status === 0 || error.status >= 500 || error.code === 'invalid_response';
}

function report(error: ApiError, method: string, path: string): void {
  if (path === ERROR_REPORTING_PATH) return; // never report the reporter
  void reportClientError({
    message: `API ${method} ${path} failed: ${error.status} ${error.code}: ${error.message}`,
    stack: error.stack,
    context: { operationId: error.operationId, status: error.status, code: error.code, method, path },
  });
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
    report(error, method, pathOnly);
    throw error;
  }

  const etag = response.headers.get('ETag');
  if (!response.ok) {
    const error = await toApiError(response, operation?.operationId);
    if (response.status === 412) options?.onEtag?.(error.etag ?? null);
    if (shouldReport(error)) report(error, method, pathOnly);
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
    report(error, method, pathOnly);
    throw error;
  }
}

/** Orval's mutator: answers the parsed body. */
export async function apiFetch<T>(config: RequestConfig, options?: RequestOptions): Promise<T> {
  return (await apiFetchWithResponse<T>(config, options)).data;
}

// ───────────────────────────── query client ─────────────────────────────

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
