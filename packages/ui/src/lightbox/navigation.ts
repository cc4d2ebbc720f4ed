/** Index arithmetic and key bindings of the viewer (spec section 2). */

/** The next index, or null at the end without wrap-around. */
export function nextIndex(current: number, length: number, wrapAround: boolean): number | null {
  if (length <= 1) return null;
  if (current < length - 1) return current + 1;
  return wrapAround ? 0 : null;
}

/** The previous index, or null at the start without wrap-around. */
export function previousIndex(current: number, length: number, wrapAround: boolean): number | null {
  if (length <= 1) return null;
  if (current > 0) return current - 1;
  return wrapAround ? length - 1 : null;
}

/** Keeps an index inside the album (a bad index opens the first or last image). */
export function clampIndex(index: number, length: number): number {
  if (length === 0) return 0;
  return Math.min(Math.max(Math.trunc(index), 0), length - 1);
}

export type LightboxKeyAction = 'close' | 'previous' | 'next';

/** Escape, x, o or c close; p or ArrowLeft go back; n or ArrowRight go forward. Case-insensitive. */
export function keyAction(key: string): LightboxKeyAction | null {
  if (key === 'Escape' || key === 'Esc') return 'close';
  if (key === 'ArrowLeft') return 'previous';
  if (key === 'ArrowRight') return 'next';
  switch (key.toLowerCase()) {
    case 'x':
    case 'o':
    case 'c':
      return 'close';
    case 'p':
      return 'previous';
    case 'n':
      return 'next';
    default:
      return null;
  }
}
