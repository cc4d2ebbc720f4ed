import { useMemo } from 'react';

/**
 * Every item of an infinite query's loaded pages, in order, as one list (the same array until the pages
 * change). Shared because each paged list of the contract (pages of `{ items, … }`) is shown this way.
 */
export function useLoadedItems<T>(pages: readonly { items: T[] }[] | undefined): T[] {
  return useMemo(() => (pages ?? []).flatMap((p) => p.items), [pages]);
}
