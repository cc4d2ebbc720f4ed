/**
 * Lightbox options and constants (product spec, sections 3, 4 and 9). Durations are in seconds, as the spec
 * states them; the component converts them to milliseconds.
 */
export interface LightboxOptions {
  /** Overlay and image fade, in seconds. */
  fadeDuration: number;
  /** Container resize animation, in seconds. */
  resizeDuration: number;
  /** Fit the image into the window (minus paddings and the fit margins), keeping its aspect ratio. */
  fitImageInViewPort: boolean;
  /** Distance of the viewer from the top of the window, in px (unless centred vertically). */
  positionFromTop: number;
  /** Show the counter 'Image %1 of %2' (albums of more than one image). */
  showImageNumberLabel: boolean;
  /** On touch devices (no hover), show the previous and next arrows all the time. */
  alwaysShowNavOnTouchDevices: boolean;
  /** Moving past either end wraps around; otherwise the arrows are hidden at the ends. */
  wrapAround: boolean;
  /** Turn off the letter and arrow keys. Escape still closes: a dialog must always be closable by keyboard. */
  disableKeyboardNav: boolean;
  /** Stop the page behind from scrolling while the viewer is open. */
  disableScrolling: boolean;
  /** Centre the viewer vertically instead of placing it positionFromTop from the top. */
  centerVertically: boolean;
  /** Animate fades and resizes (also off when the user prefers reduced motion). */
  enableTransition: boolean;
  /** The counter text: %1 is the image number, %2 the album size. */
  albumLabel: string;
  showZoom: boolean;
  showRotate: boolean;
  /** Show the download button (the image re-encoded at DOWNLOAD_QUALITY). */
  showDownloadButton: boolean;
}

export const DEFAULT_LIGHTBOX_OPTIONS: Readonly<LightboxOptions> = Object.freeze({
  fadeDuration: 0.7,
  resizeDuration: 0.5,
  fitImageInViewPort: true,
  positionFromTop: 20,
  showImageNumberLabel: false,
  alwaysShowNavOnTouchDevices: false,
  wrapAround: false,
  disableKeyboardNav: false,
  disableScrolling: false,
  centerVertically: false,
  enableTransition: true,
  albumLabel: 'Image %1 of %2',
  showZoom: false,
  showRotate: false,
  showDownloadButton: false,
});

/** Each zoom step multiplies (zoom in) or divides (zoom out) the displayed size by this factor. */
export const ZOOM_FACTOR = 1.5;
/** Each rotation step, in degrees. */
export const ROTATION_STEP = 90;
/** Quality of the re-encoded downloaded image (0..1). */
export const DOWNLOAD_QUALITY = 0.75;
/** Width kept free around a fitted image, in px, on top of the container's paddings. */
export const FIT_MARGIN_WIDTH = 20;
/** Height kept free around a fitted image (room for the caption and controls), in px. */
export const FIT_MARGIN_HEIGHT = 120;
/** The container resizes only when its width or height would change by more than this, in px. */
export const RESIZE_THRESHOLD = 5;
/** Padding of the image container, in px (each side). */
export const CONTAINER_PADDING = 4;

export function resolveOptions(options: Partial<LightboxOptions> | undefined): LightboxOptions {
  return { ...DEFAULT_LIGHTBOX_OPTIONS, ...options };
}

/** 'Image %1 of %2' with %1 and %2 filled in. */
export function formatAlbumLabel(label: string, current: number, total: number): string {
  return label.replace('%1', String(current)).replace('%2', String(total));
}
