/** Building the request: what Orval passes, the per-call options, the query string, headers and body. */

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

export function buildHeaders(config: RequestConfig, options: RequestOptions | undefined): Headers {
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

export function encodeBody(data: unknown, headers: Headers): BodyInit | undefined {
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
