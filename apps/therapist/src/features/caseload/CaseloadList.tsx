import { Box, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { ProblemAlert, toProblem } from '@tend/domain';
import type { useCaseload } from '@tend/domain/caseload';
import { useTranslation } from '@tend/i18n';
import { Spinner } from '@tend/ui';
import { CaseloadRow } from './CaseloadRow.tsx';

const ROW_ESTIMATE = 104;

/**
 * The caseload as the server orders it, virtualised (only the rows in view are in the page, smooth at 10,000
 * patients), the next page fetched as the end comes into view.
 */
export function CaseloadList({ query, timeZone, filtered }: { query: ReturnType<typeof useCaseload>; timeZone: string | undefined; filtered: boolean }) {
  const { t } = useTranslation('therapist');
  const parentRef = useRef<HTMLDivElement>(null);
  const { patients, hasNextPage, isFetchingNextPage, fetchNextPage, isPending, error, total } = query;
  const count = patients.length + (hasNextPage ? 1 : 0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => parentRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 5,
    getItemKey: (index) => patients[index]?.patientId ?? `loader-${index}`,
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1];
  useEffect(() => {
    if (last && last.index >= patients.length - 10 && hasNextPage && !isFetchingNextPage && !error) void fetchNextPage();
  }, [last, patients.length, hasNextPage, isFetchingNextPage, fetchNextPage, error]);

  if (isPending) {
    return (
      <Spinner label={t('caseload.loading')} showLabel size="sm" />
    );
  }
  if (error && patients.length === 0) return <ProblemAlert problem={toProblem(error)} title={t('caseload.failed')} onRetry={() => void query.refetch()} />;
  if (patients.length === 0) return <Text c="dimmed">{filtered ? t('caseload.emptyFiltered') : t('caseload.empty')}</Text>;

  return (
    <>
      <Box
        ref={parentRef}
        role="region"
        aria-label={t('caseload.listLabel')}
        tabIndex={0}
        data-testid="caseload-list"
        style={{ height: 'min(70vh, 760px)', overflowY: 'auto', contain: 'strict', border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
      >
        <Box component="ul" m={0} p={0} style={{ height: virtualizer.getTotalSize(), position: 'relative', listStyle: 'none' }}>
          {items.map((row) => {
            const patient = patients[row.index];
            return (
              <Box
                component="li"
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                aria-setsize={total ?? -1}
                aria-posinset={row.index + 1}
                data-testid={patient ? 'caseload-row' : undefined}
                style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start}px)` }}
              >
                {patient ? (
                  <CaseloadRow patient={patient} timeZone={timeZone} />
                ) : (
                  <Spinner label={t('caseload.loadingMore')} showLabel size="xs" />
                )}
              </Box>
            );
          })}
        </Box>
      </Box>
      {error ? <ProblemAlert problem={toProblem(error)} title={t('caseload.failedMore')} onRetry={() => void fetchNextPage()} /> : null}
    </>
  );
}
