import { useMutation } from '@tanstack/react-query';
import { exportMyData } from '@tend/api';

/** The ZIP's file name as the server names it: tend-my-data-<date>.zip, from the day it was made (UTC). */
export function exportFileName(now: Date = new Date()): string {
  return `tend-my-data-${now.toISOString().slice(0, 10)}.zip`;
}

/** Hands a downloaded file to the browser as a download (an object URL, released straight after). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Released on the next turn: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * GET /patient/my-data/export: everything Tend keeps about the signed-in patient as one ZIP. The server needs
 * a recent sign-in: the screen runs `mutateAsync` inside @tend/auth's withReauthentication. Answers the file
 * (its name and size) once the browser has it; nothing is cached.
 */
export function useExportMyData() {
  return useMutation({
    mutationKey: ['my-data', 'export'],
    mutationFn: async () => {
      const blob = await exportMyData();
      const fileName = exportFileName();
      saveFile(blob, fileName);
      return { fileName, bytes: blob.size };
    },
  });
}
