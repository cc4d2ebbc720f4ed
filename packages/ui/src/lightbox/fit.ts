import { FIT_MARGIN_HEIGHT, FIT_MARGIN_WIDTH, RESIZE_THRESHOLD } from './options.ts';

export interface Size {
  width: number;
  height: number;
}

export interface FitInput {
  /** The image's natural size (already swapped when rotated by 90 or 270 degrees). */
  image: Size;
  /** The window's inner size. */
  viewport: Size;
  /** Horizontal paddings and borders around the image (left + right), in px. */
  paddingX: number;
  /** Vertical paddings and borders around the image (top + bottom), in px. */
  paddingY: number;
}

/**
 * The displayed size of an image fitted into the window: at most the window minus paddings, minus 20 px of
 * width and 120 px of height, keeping the aspect ratio; an image that already fits keeps its natural size.
 */
export function fitImageToViewport({ image, viewport, paddingX, paddingY }: FitInput): Size {
  const maxWidth = Math.max(1, viewport.width - paddingX - FIT_MARGIN_WIDTH);
  const maxHeight = Math.max(1, viewport.height - paddingY - FIT_MARGIN_HEIGHT);
  let { width, height } = image;
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  if (width > maxWidth || height > maxHeight) {
    if (width / maxWidth > height / maxHeight) {
      height = Math.round((height * maxWidth) / width);
      width = maxWidth;
    } else {
      width = Math.round((width * maxHeight) / height);
      height = maxHeight;
    }
  }
  return { width: Math.round(width), height: Math.round(height) };
}

/** True when the container should take the new size: its width or height changes by more than 5 px. */
export function exceedsResizeThreshold(
  previous: Size | null,
  next: Size,
  threshold = RESIZE_THRESHOLD,
): boolean {
  if (!previous) return true;
  return (
    Math.abs(previous.width - next.width) > threshold || Math.abs(previous.height - next.height) > threshold
  );
}

/** Normalises a rotation in degrees to 0, 90, 180 or 270. */
export function normaliseRotation(degrees: number): number {
  return ((degrees % 360) + 360) % 360;
}

/** The size an image occupies once rotated (width and height swap at 90 and 270 degrees). */
export function rotatedSize(size: Size, degrees: number): Size {
  return normaliseRotation(degrees) % 180 === 0 ? size : { width: size.height, height: size.width };
}
