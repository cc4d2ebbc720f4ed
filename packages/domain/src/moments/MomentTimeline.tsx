import { Group, Loader, Stack, Text } from '@mantine/core';
import { memo, useCallback, useRef, type ReactNode } from 'react';
import { InfiniteVirtualList, RowBadge } from '@tend/ui/virtual-list';
import type { Moment } from '@tend/api/model';
import { ProblemAlert, toProblem } from '@tend/core';
import { formatDateTime } from '@tend/core/time';
import { useMomentSummary } from './MomentSummary.tsx';
import type { usePatientMoments } from './queries.ts';
import { useMomentWords } from './words.ts';

export interface MomentTimelineProps {
  /** The moments query (usePatientMoments), with the filters the screen chose. */
  query: ReturnType<typeof usePatientMoments>;
  onOpen(moment: Moment): void;
  /** The region's accessible name. */
  label?: string;
  /** What an empty list says (the screen's own words; default "Nothing here yet."). */
  empty?: ReactNode;
  timeZone?: string;
  /** Extra content at the end of a row (a "waiting to sync" badge, an item-9 flag). */
  rowExtra?(moment: Moment): ReactNode;
  /** Height of the scrolling area (default: 70% of the window, at most 720 px). */
  height?: string;
}

const ROW_ESTIMATE = 76;

/**
 * A patient's moments, newest first: virtualised (only the rows in view are in the DOM, smooth at 10,000),
 * the next page fetched as the reader nears the end, each row opening the moment.
 */
export function MomentTimeline({
  query,
  onOpen,
  label,
  empty,
  timeZone,
  rowExtra,
  height = 'min(70vh, 720px)',
}: MomentTimelineProps) {
  const { td } = useMomentWords();
  const { moments, hasNextPage, isFetchingNextPage, fetchNextPage, isPending, error } = query;
  // Rows are memoised (scrolling draws only the rows that come into view): a stable open callback.
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;
  const open = useCallback((moment: Moment) => onOpenRef.current(moment), []);

  if (isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">{td('moments.timeline.loading')}</Text>
      </Group>
    );
  }
  if (error && moments.length === 0)
    return <ProblemAlert problem={toProblem(error)} onRetry={() => void query.refetch()} />;
  if (moments.length === 0) return <Text c="dimmed">{empty ?? td('moments.timeline.empty')}</Text>;

  return (
    <Stack gap="xs">
      <InfiniteVirtualList
        items={moments}
        itemKey={(m) => m.momentId}
        renderItem={(moment) => (
          <TimelineRow moment={moment} onOpen={open} timeZone={timeZone} rowExtra={rowExtra} />
        )}
        rowVersion={[timeZone, rowExtra]}
        loadingMore={
          <Group gap="xs" p="sm" role="status">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">{td('moments.timeline.loadingMore')}</Text>
          </Group>
        }
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
        failed={Boolean(error)}
        label={label ?? td('moments.timeline.label')}
        estimateSize={ROW_ESTIMATE}
        testId="moment-timeline"
        style={{ height }}
      />
      <Text size="xs" c="dimmed" role="status">
        {td('moments.timeline.count', { count: moments.length })}
        {!hasNextPage ? ` ${td('moments.timeline.end')}` : ''}
      </Text>
      {error ? (
        <ProblemAlert
          problem={toProblem(error)}
          title={td('moments.timeline.failed')}
          onRetry={() => void fetchNextPage()}
        />
      ) : null}
    </Stack>
  );
}

interface TimelineRowProps {
  moment: Moment;
  onOpen(moment: Moment): void;
  timeZone: string | undefined;
  rowExtra: ((moment: Moment) => ReactNode) | undefined;
}

/**
 * One row of the timeline: its type, time and summary (drawn when it comes into view, not per scroll frame).
 * Plain elements with @tend/ui's row classes (rows.css): scrolling through 10,000 moments mounts hundreds of
 * rows, and a Mantine component per piece made those frames long.
 */
const TimelineRow = memo(function TimelineRow({ moment, onOpen, timeZone, rowExtra }: TimelineRowProps) {
  const { td } = useMomentWords();
  const summary = useMomentSummary();
  return (
    <button
      type="button"
      onClick={() => onOpen(moment)}
      className="tend-row tend-moment-row mantine-focus-auto"
    >
      <span className="tend-row-split">
        <span className="tend-row-stack">
          <span className="tend-row-line">
            <RowBadge variant="light">{td(`moments.types.${moment.eventType}`)}</RowBadge>
            <span className="tend-row-meta">{formatDateTime(moment.start, timeZone)}</span>
          </span>
          <span className="tend-row-text tend-row-clamp">{summary(moment)}</span>
        </span>
        {rowExtra?.(moment)}
      </span>
    </button>
  );
});
