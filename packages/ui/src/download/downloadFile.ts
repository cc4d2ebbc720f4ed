/** Object URLs made for a download are revoked after this long (spec section 9). */
export const OBJECT_URL_REVOKE_MS = 40000;

const SAFE_URL = /^(https?:|blob:|data:|\/|\.\/|\.\.\/)/i;

/**
 * Saves a Blob (through a temporary object URL, revoked after 40000 ms) or a URL under `filename`.
 * Only http(s), blob, data and relative URLs are followed.
 */
export function downloadFile(source: Blob | string, filename: string): void {
  const isBlob = typeof source !== 'string';
  if (!isBlob && !SAFE_URL.test(source.trim())) throw new Error('downloadFile: refusing an unsafe URL');
  const href = isBlob ? URL.createObjectURL(source) : source;
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = filename;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
    if (isBlob) setTimeout(() => URL.revokeObjectURL(href), OBJECT_URL_REVOKE_MS);
  }
}
