// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { LIGHTBOX_ERRORS, LightboxAlbumError, sanitizeCaption, validateAlbum } from './album.ts';
import { downloadFileName } from './download.ts';
import { exceedsResizeThreshold, fitImageToViewport, normaliseRotation, rotatedSize } from './fit.ts';
import { clampIndex, keyAction, nextIndex, previousIndex } from './navigation.ts';
import {
  DEFAULT_LIGHTBOX_OPTIONS,
  DOWNLOAD_QUALITY,
  FIT_MARGIN_HEIGHT,
  FIT_MARGIN_WIDTH,
  RESIZE_THRESHOLD,
  ROTATION_STEP,
  ZOOM_FACTOR,
  formatAlbumLabel,
  resolveOptions,
} from './options.ts';

describe('lightbox options', () => {
  it('has every default of the spec', () => {
    expect(DEFAULT_LIGHTBOX_OPTIONS).toEqual({
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
    expect([ZOOM_FACTOR, ROTATION_STEP, DOWNLOAD_QUALITY]).toEqual([1.5, 90, 0.75]);
    expect([FIT_MARGIN_WIDTH, FIT_MARGIN_HEIGHT, RESIZE_THRESHOLD]).toEqual([20, 120, 5]);
  });

  it('merges given options over the defaults', () => {
    const options = resolveOptions({ wrapAround: true, showZoom: true });
    expect(options.wrapAround).toBe(true);
    expect(options.showZoom).toBe(true);
    expect(options.fadeDuration).toBe(0.7);
  });

  it('formats the album label', () => {
    expect(formatAlbumLabel('Image %1 of %2', 2, 4)).toBe('Image 2 of 4');
    expect(formatAlbumLabel('Bild %1 von %2', 1, 3)).toBe('Bild 1 von 3');
  });
});

describe('album validation', () => {
  it('accepts a valid album', () => {
    const album = [{ src: 'a.png' }, { src: 'b.png', caption: 'B' }];
    expect(validateAlbum(album, 1)).toBe(album);
  });

  it.each([[undefined], [null], [[]], ['a.png'], [{ src: 'a.png' }]])('rejects %j as no album', (album) => {
    expect(() => validateAlbum(album, 0)).toThrow(new LightboxAlbumError(LIGHTBOX_ERRORS.badAlbum));
    expect(() => validateAlbum(album, 0)).toThrow('No album data or album data is not correct in type');
  });

  it('rejects an item without a source', () => {
    expect(() => validateAlbum([{ src: 'a.png' }, { caption: 'no source' }], 0)).toThrow(
      'One of the album data does not have source data',
    );
    expect(() => validateAlbum([{ src: '' }], 0)).toThrow('One of the album data does not have source data');
    expect(() => validateAlbum([null], 0)).toThrow('One of the album data does not have source data');
  });

  it.each([['1'], [Number.NaN], [undefined], [null]])('rejects the index %j', (index) => {
    expect(() => validateAlbum([{ src: 'a.png' }], index)).toThrow('Current image index is not a number');
  });
});

describe('caption sanitising', () => {
  it('keeps text, simple markup and the quote entity', () => {
    expect(sanitizeCaption('Tap &quot;Log in&quot; and <b>wait</b>')).toBe('Tap "Log in" and <b>wait</b>');
  });

  it('removes scripts, handlers and javascript: links', () => {
    const clean = sanitizeCaption(
      '<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a>',
    );
    expect(clean).not.toMatch(/onerror|script|javascript/);
  });

  it('gives an empty string for no caption', () => {
    expect(sanitizeCaption(undefined)).toBe('');
  });
});

describe('navigation', () => {
  /** In an album of `size`: next from `forward[0]` is `forward[1]`, previous from `back[0]` is `back[1]` (null: none). */
  const expectMoves = (
    size: number,
    wrap: boolean,
    forward: [number, number | null],
    back: [number, number | null],
  ) => {
    expect(nextIndex(forward[0], size, wrap)).toBe(forward[1]);
    expect(previousIndex(back[0], size, wrap)).toBe(back[1]);
  };

  it('moves forward and back inside the album', () => expectMoves(3, false, [0, 1], [2, 1]));
  it('stops at the ends without wrap-around', () => expectMoves(3, false, [2, null], [0, null]));
  it('wraps at the ends with wrap-around', () => expectMoves(3, true, [2, 0], [0, 2]));
  it('has nowhere to go in a one-image album', () => expectMoves(1, true, [0, null], [0, null]));

  it('clamps an index into the album', () => {
    expect(clampIndex(-2, 3)).toBe(0);
    expect(clampIndex(7, 3)).toBe(2);
    expect(clampIndex(1.6, 3)).toBe(1);
  });

  it('maps the keys of the spec', () => {
    for (const key of ['Escape', 'x', 'o', 'c', 'X', 'O', 'C']) expect(keyAction(key)).toBe('close');
    for (const key of ['p', 'P', 'ArrowLeft']) expect(keyAction(key)).toBe('previous');
    for (const key of ['n', 'N', 'ArrowRight']) expect(keyAction(key)).toBe('next');
    for (const key of ['a', 'Enter', ' ', 'ArrowUp', 'Tab']) expect(keyAction(key)).toBeNull();
  });
});

describe('fitting the image', () => {
  const viewport = { width: 1000, height: 800 };
  /** An image of that size fitted to a 1000×800 window, with the container's paddings (8 and 28 px). */
  const fit = (width: number, height: number) =>
    fitImageToViewport({ image: { width, height }, viewport, paddingX: 8, paddingY: 28 });

  it('keeps an image that fits at its natural size', () => {
    expect(fit(400, 300)).toEqual({ width: 400, height: 300 });
  });

  it('fits a wide image to the width minus paddings and 20 px, keeping the aspect ratio', () => {
    // max width 1000 - 8 - 20 = 972; height 1944 * 972 / 3888 = 486
    expect(fit(3888, 1944)).toEqual({ width: 972, height: 486 });
  });

  it('fits a tall image to the height minus paddings and 120 px, keeping the aspect ratio', () => {
    // max height 800 - 28 - 120 = 652; width 1000 * 652 / 2000 = 326
    expect(fit(1000, 2000)).toEqual({ width: 326, height: 652 });
  });

  it('resizes the container only for changes over 5 px', () => {
    const old = { width: 400, height: 300 };
    expect(exceedsResizeThreshold(null, old)).toBe(true);
    expect(exceedsResizeThreshold(old, { width: 405, height: 295 })).toBe(false);
    expect(exceedsResizeThreshold(old, { width: 406, height: 300 })).toBe(true);
    expect(exceedsResizeThreshold(old, { width: 400, height: 294 })).toBe(true);
  });

  it('swaps width and height for quarter turns', () => {
    expect(rotatedSize({ width: 4, height: 3 }, 90)).toEqual({ width: 3, height: 4 });
    expect(rotatedSize({ width: 4, height: 3 }, -90)).toEqual({ width: 3, height: 4 });
    expect(rotatedSize({ width: 4, height: 3 }, 180)).toEqual({ width: 4, height: 3 });
    expect(normaliseRotation(-90)).toBe(270);
    expect(normaliseRotation(450)).toBe(90);
  });
});

describe('download file name', () => {
  it('uses the last path segment with a .jpg extension', () => {
    expect(downloadFileName('/assets/images/guide/login.png')).toBe('login.jpg');
    expect(downloadFileName('https://example.org/a/b/My%20Shot.png?x=1')).toBe('My_Shot.jpg');
    expect(downloadFileName('/')).toBe('image.jpg');
  });
});
