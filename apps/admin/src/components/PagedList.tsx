import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ProblemAlert, toProblem } from '@tend/core';
import { InfiniteVirtualList, type InfiniteVirtualListProps } from '@tend/ui/virtual-list';
import { LoadingLine } from './LoadingLine.tsx';

/** A list read a page at a time (an infinite query with its pages' items flattened). */
export interface PagedQuery {
  isPending: boolean;
  error: unknown;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => unknown;
  refetch(): unknown;
}

export interface PagedListProps<T> extends Pick<
  InfiniteVirtualListProps<T>,
  'itemKey' | 'renderItem' | 'label' | 'estimateSize' | 'overscan' | 'testId' | 'rowTestId' | 'rowVersion'
> {
  query: PagedQuery;
  items: readonly T[];
  /** Each state's words; the failures' headings are ProblemAlert's own without them. */
  words: { loading: string; loadingMore: string; empty: ReactNode; failed?: string; failedMore?: string };
  /** How many are shown (and whether more can be read), under the list. */
  count?(count: number, more: boolean): string;
  /** The count is announced (role=status); default true. */
  countLive?: boolean;
  /** The scrolling region's largest height (CSS), and its height in px that the rows never exceed. */
  maxHeight?: string;
  tallest?: number;
}

/**
 * A virtualised list (@tend/ui's InfiniteVirtualList) with its loading, empty and failed states: a failed first
 * page replaces the list (try again reads it again), a failed next page keeps it (try again reads that page).
 */
export function PagedList<T>({
  query,
  items,
  words,
  count,
  countLive = true,
  maxHeight = 'min(65vh, 640px)',
  tallest = 640,
  ...list
}: PagedListProps<T>) {
  const { isPending, error, hasNextPage = false, fetchNextPage } = query;
  if (isPending) return <LoadingLine label={words.loading} />;
  if (error && items.length === 0)
    return (
      <ProblemAlert problem={toProblem(error)} title={words.failed} onRetry={() => void query.refetch()} />
    );
  if (items.length === 0) return <Text c="dimmed">{words.empty}</Text>;
  const rows = (
    <InfiniteVirtualList
      {...list}
      items={items}
      loadingMore={<LoadingLine label={words.loadingMore} more />}
      hasNextPage={hasNextPage}
      isFetchingNextPage={query.isFetchingNextPage}
      fetchNextPage={fetchNextPage}
      failed={Boolean(error)}
      style={{ maxHeight, height: Math.min(items.length * list.estimateSize, tallest) + 2 }}
    />
  );
  const failedMore = error ? (
    <ProblemAlert
      problem={toProblem(error)}
      title={words.failedMore}
      onRetry={() => void fetchNextPage?.()}
    />
  ) : null;
  if (!count)
    return (
      <>
        {rows}
        {failedMore}
      </>
    );
  return (
    <Stack gap="xs">
      {rows}
      <Text size="xs" c="dimmed" role={countLive ? 'status' : undefined}>
        {count(items.length, hasNextPage)}
      </Text>
      {failedMore}
    </Stack>
  );
}
