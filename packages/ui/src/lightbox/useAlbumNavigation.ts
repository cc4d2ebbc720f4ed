import { useEffect } from 'react';
import type { LightboxAlbumItem } from './album.ts';
import { keyAction } from './navigation.ts';

/**
 * Moving through the album: the keys (document-wide while open, as the spec's viewer: Escape, x, o, c close;
 * p, ArrowLeft back; n, ArrowRight on; only Escape with disableKeyboardNav), and the neighbours preloaded so
 * moving on feels immediate.
 */
export function useAlbumNavigation({
  album,
  previous,
  next,
  goTo,
  close,
  disableKeyboardNav,
}: {
  album: readonly LightboxAlbumItem[];
  previous: number | null;
  next: number | null;
  goTo: (index: number | null) => void;
  close: () => void;
  disableKeyboardNav: boolean;
}): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const action = keyAction(event.key);
      if (!action) return;
      if (disableKeyboardNav && event.key !== 'Escape') return;
      event.preventDefault();
      if (action === 'close') close();
      else if (action === 'previous') goTo(previous);
      else goTo(next);
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [close, goTo, previous, next, disableKeyboardNav]);

  // Preload the neighbours so moving on feels immediate.
  useEffect(() => {
    for (const neighbour of [previous, next]) {
      if (neighbour === null) continue;
      const src = album[neighbour]?.src;
      if (src) new Image().src = src;
    }
  }, [album, previous, next]);
}
