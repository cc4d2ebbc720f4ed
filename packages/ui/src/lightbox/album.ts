import DOMPurify from 'dompurify';

/** One image of the viewer's album (spec section 3: src, caption, downloadUrl). */
export interface LightboxAlbumItem {
  src: string;
  /** HTML allowed (sanitised before display); may hold entities such as &quot;. */
  caption?: string | undefined;
  /** What the download button saves; defaults to src. */
  downloadUrl?: string | undefined;
  /** A smaller image for thumbnails (not used by the viewer itself). */
  thumb?: string | undefined;
}

/** The exact messages of spec section 8. */
export const LIGHTBOX_ERRORS = {
  noSource: 'One of the album data does not have source data',
  badAlbum: 'No album data or album data is not correct in type',
  badIndex: 'Current image index is not a number',
} as const;

export class LightboxAlbumError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LightboxAlbumError';
  }
}

/**
 * Checks an album and a current index (spec section 5): a non-empty array, every item with a src, a numeric
 * index. Throws LightboxAlbumError with the spec's message; returns the album typed when valid.
 */
export function validateAlbum(album: unknown, currentIndex: unknown): LightboxAlbumItem[] {
  if (!Array.isArray(album) || album.length === 0) throw new LightboxAlbumError(LIGHTBOX_ERRORS.badAlbum);
  for (const item of album) {
    if (
      typeof item !== 'object' ||
      item === null ||
      typeof (item as { src?: unknown }).src !== 'string' ||
      (item as { src: string }).src.trim() === ''
    ) {
      throw new LightboxAlbumError(LIGHTBOX_ERRORS.noSource);
    }
  }
  if (typeof currentIndex !== 'number' || Number.isNaN(currentIndex)) {
    throw new LightboxAlbumError(LIGHTBOX_ERRORS.badIndex);
  }
  return album as LightboxAlbumItem[];
}

/** Sanitises a caption for display as HTML (no scripts, handlers or unsafe URLs). */
export function sanitizeCaption(caption: string | undefined): string {
  if (!caption) return '';
  return DOMPurify.sanitize(caption, CAPTION_PROFILE);
}

/** DOMPurify's configuration for captions. */
export const CAPTION_PROFILE = { USE_PROFILES: { html: true } };
