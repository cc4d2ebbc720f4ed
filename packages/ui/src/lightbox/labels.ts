/** The viewer's texts; pass translated ones (English defaults). */
export interface LightboxLabels {
  dialog: string;
  close: string;
  previous: string;
  next: string;
  zoomIn: string;
  zoomOut: string;
  rotateLeft: string;
  rotateRight: string;
  download: string;
  loading: string;
  downloadFailed: string;
  imageFailed: string;
}

export const DEFAULT_LIGHTBOX_LABELS: Readonly<LightboxLabels> = Object.freeze({
  dialog: 'Image viewer',
  close: 'Close',
  previous: 'Previous image',
  next: 'Next image',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  rotateLeft: 'Rotate left',
  rotateRight: 'Rotate right',
  download: 'Download image',
  loading: 'Loading image',
  downloadFailed: 'The image could not be downloaded. Please try again.',
  imageFailed: 'The image could not be loaded.',
});
