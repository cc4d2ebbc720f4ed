import { Text } from '@mantine/core';
import { ProblemAlert, toProblem } from '@tend/core';
import { Spinner } from '@tend/ui';
import { InfiniteVirtualList, type InfiniteVirtualListProps } from '@tend/ui/virtual-list';

export interface PagedRowsProps<T> extends Omit<
  InfiniteVirtualListProps<T>,
  'loadingMore' | 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage' | 'failed'
> {
  /** The infinite query the rows come from: its first page, its next page, and what went wrong reading one. */
  query: {
    isPending: boolean;
    refetch(): unknown;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage(): unknown;
    error: unknown;
  };
  /** Reading the next page failed (by default: the query has an error). */
  failed?: boolean;
  loadingLabel: string;
  /** The heading of the first page's failure (by default the problem's own). */
  failedTitle?: string;
  /** What is said when there are no rows at all. */
  emptyText: string;
  loadingMoreLabel: string;
  failedMoreTitle: string;
}

/**
 * A list read a page at a time, the same on every screen that has one: a spinner while the first page is read,
 * its failure with a way to try again, the words for an empty list; then the rows, virtualised (@tend/ui's
 * InfiniteVirtualList: only the rows in view are in the page), the next page read as the end comes into view; a
 * failed next page is said under the list, and trying again reads that page again.
 */
export function PagedRows<T>({
  query,
  failed = Boolean(query.error),
  loadingLabel,
  failedTitle,
  emptyText,
  loadingMoreLabel,
  failedMoreTitle,
  ...list
}: PagedRowsProps<T>) {
  const { isPending, hasNextPage, isFetchingNextPage, fetchNextPage, error } = query;
  if (isPending) return <Spinner label={loadingLabel} showLabel size="sm" />;
  if (error && list.items.length === 0)
    return (
      <ProblemAlert problem={toProblem(error)} title={failedTitle} onRetry={() => void query.refetch()} />
    );
  if (list.items.length === 0) return <Text c="dimmed">{emptyText}</Text>;
  return (
    <>
      <InfiniteVirtualList
        {...list}
        loadingMore={<Spinner label={loadingMoreLabel} showLabel size="xs" />}
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
        failed={failed}
      />
      {failed ? (
        <ProblemAlert
          problem={toProblem(error)}
          title={failedMoreTitle}
          onRetry={() => void fetchNextPage()}
        />
      ) : null}
    </>
  );
}
