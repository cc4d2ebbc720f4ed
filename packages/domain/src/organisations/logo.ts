import { useMutation } from '@tanstack/react-query';
import { getOrganisationImageUploadPolicy } from '@tend/api';
import { ApiError } from '@tend/api/http';
import { checkLogo } from './model.ts';

/** An upload refused before anything was sent, in the contract's words (toProblem translates it). */
function refused(status: number, code: string, message: string) {
  return new ApiError({ status, code, message, operationId: 'getOrganisationImageUploadPolicy' });
}

/**
 * Uploads an organisation's logo: the type and size are checked first (nothing is sent for a file the server
 * would refuse), then the signed target of getOrganisationImageUploadPolicy receives the bytes (a URL the
 * server signs, outside the contract's operations, so it is sent with fetch here rather than a generated
 * call). Answers the address the logo is readable at, for the details' `logoUrl` (saved with the details).
 */
export function useUploadLogo() {
  return useMutation({
    mutationFn: async (file: File): Promise<string> => {
      const before = checkLogo(file);
      if (before === 'size') throw refused(413, 'payload_too_large', 'The image is larger than 2 MB.');
      if (before === 'type') throw refused(415, 'unsupported_media_type', 'Upload a PNG, JPEG or SVG image.');
      if (before) throw refused(400, 'invalid_request', 'The file is empty.');
      const policy = await getOrganisationImageUploadPolicy();
      if (file.size > policy.maxBytes)
        throw refused(413, 'payload_too_large', 'The image is larger than the limit.');
      let response: Response;
      try {
        response = await fetch(policy.uploadUrl, {
          method: policy.method,
          headers: { ...policy.headers, 'Content-Type': file.type.toLowerCase() },
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
      const body = (await response.json().catch(() => undefined)) as
        { code?: string; message?: string; details?: Record<string, unknown>; url?: string } | undefined;
      if (!response.ok) {
        throw new ApiError({
          status: response.status,
          code: body?.code ?? `http_${response.status}`,
          message: body?.message ?? response.statusText,
          ...(body?.details ? { details: body.details } : {}),
        });
      }
      return body?.url ?? policy.url ?? '';
    },
  });
}
