import { Badge, Box, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, type ReactNode } from 'react';
import type { Moment } from '@tend/api/model';
import { ProblemAlert } from '../problem/ProblemAlert.tsx';
import { toProblem } from '../problem/toProblem.ts';
import { formatDateTime } from '../time/index.ts';
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
export function MomentTimeline({ query, onOpen, label, empty, timeZone, rowExtra, height = 'min(70vh, 720px)' }: MomentTimelineProps) {
  const { td } = useMomentWords();
  const parentRef = useRef<HTMLDivElement>(null);
  // Rows are memoised (scrolling re-renders only the rows that come into view): a stable open callback.
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;
  const open = useCallback((moment: Moment) => onOpenRef.current(moment), []);
  const { moments, hasNextPage, isFetchingNextPage, fetchNextPage, isPending, error } = query;
  const count = moments.length + (hasNextPage ? 1 : 0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => parentRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 6,
    getItemKey: (index) => moments[index]?.momentId ?? `loader-${index}`,
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1];
  useEffect(() => {
    if (!last) return;
    if (last.index >= moments.length - 5 && hasNextPage && !isFetchingNextPage && !error) void fetchNextPage();
  }, [last, moments.length, hasNextPage, isFetchingNextPage, fetchNextPage, error]);

  if (isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">{td('moments.timeline.loading')}</Text>
      </Group>
    );
  }
  if (error && moments.length === 0) return <ProblemAlert problem={toProblem(error)} onRetry={() => void query.refetch()} />;
  if (moments.length === 0) return <Text c="dimmed">{empty ?? td('moments.timeline.empty')}</Text>;

  return (
    <Stack gap="xs">
      <Box
        ref={parentRef}
        role="region"
        aria-label={label ?? td('moments.timeline.label')}
        tabIndex={0}
        style={{ height, overflowY: 'auto', contain: 'strict' }}
        data-testid="moment-timeline"
      >
        <Box component="ul" role="list" m={0} p={0} style={{ height: virtualizer.getTotalSize(), position: 'relative', listStyle: 'none' }}>
          {items.map((row) => (
            <TimelineRow
              key={row.key}
              index={row.index}
              start={row.start}
              moment={moments[row.index]}
              setSize={hasNextPage ? -1 : moments.length}
              measure={virtualizer.measureElement}
              onOpen={open}
              timeZone={timeZone}
              rowExtra={rowExtra}
            />
          ))}
        </Box>
      </Box>
      <Text size="xs" c="dimmed" role="status">
        {td('moments.timeline.count', { count: moments.length })}
        {!hasNextPage ? ` ${td('moments.timeline.end')}` : ''}
      </Text>
      {error ? <ProblemAlert problem={toProblem(error)} title={td('moments.timeline.failed')} onRetry={() => void fetchNextPage()} /> : null}
    </Stack>
  );
}

interface TimelineRowProps {
  index: number;
  start: number;
  /** Undefined for the "loading more" row after the last loaded moment. */
  moment: Moment | undefined;
  setSize: number;
  measure(element: Element | null): void;
  onOpen(moment: Moment): void;
  timeZone: string | undefined;
  rowExtra: ((moment: Moment) => ReactNode) | undefined;
}

/** One row of the timeline: its type, time and summary (memoised: formatting and words run once per row, not per scroll frame). */
const TimelineRow = memo(function TimelineRow({ index, start, moment, setSize, measure, onOpen, timeZone, rowExtra }: TimelineRowProps) {
  const { td } = useMomentWords();
  const summary = useMomentSummary();
  return (
    <Box
      component="li"
      data-index={index}
      ref={measure}
      aria-setsize={setSize}
      aria-posinset={index + 1}
      style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${start}px)` }}
    >
      {moment ? (
        <UnstyledButton
          onClick={() => onOpen(moment)}
          className="tend-moment-row"
          w="100%"
          p="sm"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Badge variant="light" size="sm">
                  {td(`moments.types.${moment.eventType}`)}
                </Badge>
                <Text size="xs" c="dimmed" component="span">
                  {formatDateTime(moment.start, timeZone)}
                </Text>
              </Group>
              <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {summary(moment)}
              </Text>
            </Stack>
            {rowExtra?.(moment)}
          </Group>
        </UnstyledButton>
      ) : (
        <Group gap="xs" p="sm" role="status">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">{td('moments.timeline.loadingMore')}</Text>
        </Group>
      )}
    </Box>
  );
});
