import { Box } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import './rows.css';
import { memo, useCallback, useEffect, useMemo, useRef, type CSSProperties, type ReactNode } from 'react';

export interface InfiniteVirtualListProps<T> {
  /** The rows loaded so far, in order. */
  items: readonly T[];
  itemKey(item: T): string;
  /** One row's content (rows are memoised: it runs when a row comes into view, or `rowVersion` changes). */
  renderItem(item: T, index: number): ReactNode;
  /** The content of the row after the last loaded one while another page can be read. */
  loadingMore: ReactNode;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => unknown;
  /** A page failed: no further page is asked for until the caller's retry. */
  failed?: boolean;
  /** The scrolling region's accessible name. */
  label: string;
  /** A row's expected height in px (rows are measured once drawn). */
  estimateSize: number;
  overscan?: number;
  /** How many rows before the end the next page is asked for. */
  prefetch?: number;
  /** The whole list's size when the server says it (aria-setsize); else the loaded count once complete, -1 before. */
  total?: number | undefined;
  /** The scrolling region's style (its height above all). */
  style?: CSSProperties;
  testId?: string;
  /** data-testid of each loaded row's `<li>`. */
  rowTestId?: string;
  /**
   * What the rows are drawn with besides their item (a timezone, a callback, a selection): a change redraws
   * the rows in view. An array is compared item by item.
   */
  rowVersion?: unknown;
}

/**
 * A long list read a page at a time (the contract's cursors): only the rows in view are in the page (TanStack
 * Virtual), each row memoised so scrolling draws only the rows that come into view, and the next page asked
 * for as the end comes near. A keyboard-focusable region of `<li>`s with their position in the whole list
 * (aria-posinset/setsize). The caller designs the loading, empty and failed states around it.
 */
export function InfiniteVirtualList<T>({
  items,
  itemKey,
  renderItem,
  loadingMore,
  hasNextPage = false,
  isFetchingNextPage = false,
  fetchNextPage,
  failed = false,
  label,
  estimateSize,
  overscan = 6,
  prefetch = 5,
  total,
  style,
  testId,
  rowTestId,
  rowVersion,
}: InfiniteVirtualListProps<T>) {
  const parentRef = useRef<HTMLDivElement>(null);
  const renderRef = useRef(renderItem);
  renderRef.current = renderItem;
  const render = useCallback((item: T, index: number) => renderRef.current(item, index), []);
  const keyRef = useRef(itemKey);
  keyRef.current = itemKey;
  // The same function while the items are the same: a new one makes the virtualiser lay out every row again
  // (10,000 of them), which it would do on every scroll frame with an inline function.
  const getItemKey = useCallback(
    (index: number) => (index < items.length ? keyRef.current(items[index]!) : `more-${index}`),
    [items],
  );
  const count = items.length + (hasNextPage ? 1 : 0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => parentRef.current,
    estimateSize: () => estimateSize,
    overscan,
    getItemKey,
  });
  const rows = virtualizer.getVirtualItems();
  const last = rows[rows.length - 1];
  useEffect(() => {
    if (
      last &&
      fetchNextPage &&
      last.index >= items.length - prefetch &&
      hasNextPage &&
      !isFetchingNextPage &&
      !failed
    )
      void fetchNextPage();
  }, [last, items.length, prefetch, hasNextPage, isFetchingNextPage, fetchNextPage, failed]);
  const setSize = total ?? (hasNextPage ? -1 : items.length);
  return (
    <Box
      ref={parentRef}
      role="region"
      aria-label={label}
      tabIndex={0}
      data-testid={testId}
      style={{ overflowY: 'auto', contain: 'strict', ...style }}
    >
      <Box
        component="ul"
        m={0}
        p={0}
        style={{ height: virtualizer.getTotalSize(), position: 'relative', listStyle: 'none' }}
      >
        {rows.map((row) => (
          <Row
            key={row.key}
            index={row.index}
            start={row.start}
            item={row.index < items.length ? items[row.index] : undefined}
            loaded={row.index < items.length}
            setSize={setSize}
            measure={virtualizer.measureElement}
            render={render}
            loadingMore={row.index < items.length ? undefined : loadingMore}
            testId={rowTestId}
            version={rowVersion}
          />
        ))}
      </Box>
    </Box>
  );
}

interface RowProps<T> {
  index: number;
  start: number;
  item: T | undefined;
  loaded: boolean;
  setSize: number;
  measure(element: Element | null): void;
  render(item: T, index: number): ReactNode;
  loadingMore: ReactNode;
  testId: string | undefined;
  version: unknown;
}

/**
 * One `<li>`: a plain element (thousands mount and unmount while scrolling), its content drawn again only when
 * its item or what rows are drawn with changes, not when it moves (a row above measured taller).
 */
const Row = memo(function Row<T>({
  index,
  start,
  item,
  loaded,
  setSize,
  measure,
  render,
  loadingMore,
  testId,
  version,
}: RowProps<T>) {
  // A new array of the same values (rowVersion={[a, b]}) is the same version.
  const versionRef = useRef(version);
  if (!sameVersion(versionRef.current, version)) versionRef.current = version;
  const drawnWith = versionRef.current;
  const content = useMemo(
    () => (loaded ? render(item as T, index) : loadingMore),
    // `drawnWith`: what the rows are drawn with besides the item (the caller's rowVersion).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loaded, item, index, render, loadingMore, drawnWith],
  );
  return (
    <li
      data-index={index}
      ref={measure}
      aria-setsize={setSize}
      aria-posinset={index + 1}
      data-testid={loaded ? testId : undefined}
      style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${start}px)` }}
    >
      {content}
    </li>
  );
}, sameRow) as <T>(props: RowProps<T>) => ReactNode;

const sameVersion = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b)
    ? a.length === b.length && a.every((v, i) => Object.is(v, b[i]))
    : Object.is(a, b);

function sameRow<T>(a: RowProps<T>, b: RowProps<T>): boolean {
  return (
    a.index === b.index &&
    a.start === b.start &&
    a.item === b.item &&
    a.loaded === b.loaded &&
    a.setSize === b.setSize &&
    a.measure === b.measure &&
    a.render === b.render &&
    a.loadingMore === b.loadingMore &&
    a.testId === b.testId &&
    sameVersion(a.version, b.version)
  );
}

export { RowBadge, type RowBadgeProps } from './RowBadge.tsx';
