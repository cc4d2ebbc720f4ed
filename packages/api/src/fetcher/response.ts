/** Reading the answer: a failure as one `ApiError`, a success parsed as the contract says. */
import type { Error as ContractError, MfaOptions } from '../generated/model';
import type { ResponseKind } from '../generated/operations.ts';
import { ApiError } from './errors.ts';
import type { RequestConfig } from './request.ts';

export interface ApiResponse<T> {
  data: T;
  status: number;
  etag: string | null;
  headers: Headers;
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

export async function toApiError(response: Response, operationId: string | undefined): Promise<ApiError> {
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

export async function parseSuccess(
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
