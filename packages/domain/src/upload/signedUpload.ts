// The one way a file reaches the server: a call of the contract answers a signed upload target (a URL the
// server signs, outside the contract's operations), and the bytes are sent there as the target says. It is
// the only place the data layer uses fetch, because the target is not a generated call.
import { ApiError } from '@tend/api/http';

/** What an upload policy of the contract answers about where and how to send the bytes. */
export interface SignedTarget {
  uploadUrl: string;
  method: string;
  headers?: Record<string, string>;
  maxBytes: number;
}

/** An upload refused before anything was sent, in the contract's words (toProblem translates it). */
export function uploadRefused(operationId: string, status: number, code: string, message: string): ApiError {
  return new ApiError({ status, code, message, operationId });
}

/**
 * Sends `file` to the signed target and answers the server's JSON answer. A file over the target's limit is
 * refused before sending (413); no answer is a network problem (status 0); a refusal keeps the server's code
 * and details, so toProblem words it like any other call's.
 */
export async function sendToSignedTarget<T>(
  target: SignedTarget,
  file: Blob,
  options: { operationId: string; headers?: Record<string, string> },
): Promise<T | undefined> {
  if (file.size > target.maxBytes)
    throw uploadRefused(options.operationId, 413, 'payload_too_large', 'The file is larger than the limit.');
  let response: Response;
  try {
    response = await fetch(target.uploadUrl, {
      method: target.method,
      headers: { ...target.headers, ...options.headers },
      body: file,
    });
  } catch (cause) {
    throw new ApiError({
      status: 0,
      code: 'network_error',
      message: 'The upload did not reach the server.',
      cause,
    });
  }
  const body = (await response.json().catch(() => undefined)) as unknown;
  if (!response.ok) {
    const error = (body ?? {}) as { code?: string; message?: string; details?: Record<string, unknown> };
    throw new ApiError({
      status: response.status,
      code: error.code ?? `http_${response.status}`,
      message: error.message ?? response.statusText,
      ...(error.details ? { details: error.details } : {}),
    });
  }
  return body as T | undefined;
}
