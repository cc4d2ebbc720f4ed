import { useMutation } from '@tanstack/react-query';
import { getOrganisationImageUploadPolicy } from '@tend/api';
import { sendToSignedTarget, uploadRefused } from '../upload/signedUpload.ts';
import { checkLogo } from './model.ts';

/**
 * Uploads an organisation's logo: the type and size are checked first (nothing is sent for a file the server
 * would refuse), then the signed target of getOrganisationImageUploadPolicy receives the bytes
 * (../upload/signedUpload.ts). Answers the address the logo is readable at, for the details' `logoUrl` (saved
 * with the details).
 */
export function useUploadLogo() {
  // Not the generated hook alone (a file: the signed upload target, then the bytes): see the package README, Data hooks.
  return useMutation({
    mutationFn: async (file: File): Promise<string> => {
      const refused = (status: number, code: string, message: string) =>
        uploadRefused('getOrganisationImageUploadPolicy', status, code, message);
      const before = checkLogo(file);
      if (before === 'size') throw refused(413, 'payload_too_large', 'The image is larger than 2 MB.');
      if (before === 'type') throw refused(415, 'unsupported_media_type', 'Upload a PNG, JPEG or SVG image.');
      if (before) throw refused(400, 'invalid_request', 'The file is empty.');
      const policy = await getOrganisationImageUploadPolicy();
      const body = await sendToSignedTarget<{ url?: string }>(policy, file, {
        operationId: 'getOrganisationImageUploadPolicy',
        headers: { 'Content-Type': file.type.toLowerCase() },
      });
      return body?.url ?? policy.url ?? '';
    },
  });
}
