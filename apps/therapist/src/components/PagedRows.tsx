import { ProblemAlert, toProblem } from '@tend/core';
import { Spinner } from '@tend/ui';
import { InfiniteVirtualList, type InfiniteVirtualListProps } from '@tend/ui/virtual-list';

export interface PagedRowsProps<T> extends Omit<
  InfiniteVirtualListProps<T>,
  'loadingMore' | 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage' | 'failed'
> {
  /** The infinite query the rows come from: its next page, and what went wrong reading one. */
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage(): unknown; error: unknown };
  /** Reading the next page failed (by default: the query has an error). */
  failed?: boolean;
  loadingMoreLabel: string;
  failedMoreTitle: string;
}

/**
 * The rows of a list read a page at a time, virtualised (@tend/ui's InfiniteVirtualList: only the rows in view
 * are in the page), the next page read as the end comes into view; a failed next page is said under the list,
 * and trying again reads that page again.
 */
export function PagedRows<T>({
  query,
  failed = Boolean(query.error),
  loadingMoreLabel,
  failedMoreTitle,
  ...list
}: PagedRowsProps<T>) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage, error } = query;
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
