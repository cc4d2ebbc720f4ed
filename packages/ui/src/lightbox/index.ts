export { Lightbox, DEFAULT_LIGHTBOX_LABELS, type LightboxProps, type LightboxLabels } from './Lightbox.tsx';
export {
  validateAlbum,
  sanitizeCaption,
  LightboxAlbumError,
  LIGHTBOX_ERRORS,
  type LightboxAlbumItem,
} from './album.ts';
export {
  DEFAULT_LIGHTBOX_OPTIONS,
  ZOOM_FACTOR,
  ROTATION_STEP,
  DOWNLOAD_QUALITY,
  FIT_MARGIN_WIDTH,
  FIT_MARGIN_HEIGHT,
  RESIZE_THRESHOLD,
  CONTAINER_PADDING,
  resolveOptions,
  formatAlbumLabel,
  type LightboxOptions,
} from './options.ts';
export {
  fitImageToViewport,
  exceedsResizeThreshold,
  rotatedSize,
  normaliseRotation,
  type Size,
} from './fit.ts';
export { nextIndex, previousIndex, clampIndex, keyAction, type LightboxKeyAction } from './navigation.ts';
export { downloadImage, encodeImage, downloadFileName } from './download.ts';
