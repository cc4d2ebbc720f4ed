import { useMutation } from '@tanstack/react-query';
import { exportMyData } from '@tend/api';
import { downloadFile } from '@tend/ui';

/** The ZIP's file name as the server names it: tend-my-data-<date>.zip, from the day it was made (UTC). */
export function exportFileName(now: Date = new Date()): string {
  return `tend-my-data-${now.toISOString().slice(0, 10)}.zip`;
}

/**
 * GET /patient/my-data/export: everything Tend keeps about the signed-in patient as one ZIP. The server needs
 * a recent sign-in: the screen runs `mutateAsync` inside @tend/auth's withReauthentication. Answers the file
 * (its name and size) once the browser has it; nothing is cached.
 */
export function useExportMyData() {
  // Not the generated hook alone (a file handed to the browser): see the package README, Data hooks.
  return useMutation({
    mutationKey: ['my-data', 'export'],
    mutationFn: async () => {
      const blob = await exportMyData();
      const fileName = exportFileName();
      downloadFile(blob, fileName);
      return { fileName, bytes: blob.size };
    },
  });
}
