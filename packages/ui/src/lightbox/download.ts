import { DOWNLOAD_QUALITY } from './options.ts';

/** The file name to save: the URL's last path segment with a .jpg extension (the image is re-encoded). */
export function downloadFileName(url: string, fallback = 'image'): string {
  let last = '';
  try {
    const path = new URL(url, 'http://x.invalid/').pathname;
    last = decodeURIComponent(path.split('/').filter(Boolean).pop() ?? '');
  } catch {
    last = '';
  }
  const base = last.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || fallback;
  return `${base}.jpg`;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`Could not load ${src}`));
    image.src = src;
  });
}

/** Re-encodes an image as JPEG at the given quality (white behind transparent parts). */
export async function encodeImage(src: string, quality = DOWNLOAD_QUALITY): Promise<Blob> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('Could not encode the image'))),
      'image/jpeg',
      quality,
    );
  });
}

/** Downloads an image re-encoded at DOWNLOAD_QUALITY (0.75) through a temporary object URL. */
export async function downloadImage(src: string, quality = DOWNLOAD_QUALITY): Promise<void> {
  const blob = await encodeImage(src, quality);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadFileName(src);
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Spec section 9: temporary object URLs are revoked after 40000 ms.
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}
