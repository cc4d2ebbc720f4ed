import { Badge, Box, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { OrganisationSummary } from '@tend/api/model';
import { ProblemAlert, toProblem } from '@tend/domain';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { paths, to } from '../../paths.ts';

export interface OrganisationListProps {
  organisations: OrganisationSummary[];
  isPending: boolean;
  error: unknown;
  hasNextPage?: boolean;
  isFetchingNextPage?: boolean;
  fetchNextPage?: () => unknown;
  refetch(): unknown;
  /** The region's accessible name. */
  label: string;
  empty: ReactNode;
  height?: string;
}

const ROW_ESTIMATE = 64;

/**
 * Organisations as rows (name, state, how many child organisations), each a link to its page. Virtualised
 * (only the rows in view are in the page: smooth at thousands); the next page is read as the end comes into view.
 */
export function OrganisationList({ organisations, isPending, error, hasNextPage = false, isFetchingNextPage = false, fetchNextPage, refetch, label, empty, height = 'min(65vh, 640px)' }: OrganisationListProps) {
  const { t } = useTranslation('admin');
  const parentRef = useRef<HTMLDivElement>(null);
  const count = organisations.length + (hasNextPage ? 1 : 0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => parentRef.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 8,
    getItemKey: (index) => organisations[index]?.id ?? `more-${index}`,
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1];
  useEffect(() => {
    if (!last || !fetchNextPage) return;
    if (last.index >= organisations.length - 5 && hasNextPage && !isFetchingNextPage && !error) void fetchNextPage();
  }, [last, organisations.length, hasNextPage, isFetchingNextPage, fetchNextPage, error]);

  if (isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">{t('organisations.list.loading')}</Text>
      </Group>
    );
  }
  if (error && organisations.length === 0) return <ProblemAlert problem={toProblem(error)} title={t('organisations.list.failed')} onRetry={() => void refetch()} />;
  if (organisations.length === 0) return <Text c="dimmed">{empty}</Text>;

  return (
    <Stack gap="xs">
      <Box ref={parentRef} role="region" aria-label={label} tabIndex={0} style={{ maxHeight: height, height: Math.min(virtualizer.getTotalSize(), 640) + 2, overflowY: 'auto', contain: 'strict' }} data-testid="organisation-list">
        <Box component="ul" m={0} p={0} style={{ height: virtualizer.getTotalSize(), position: 'relative', listStyle: 'none' }}>
          {items.map((row) => (
            <OrganisationRow key={row.key} index={row.index} start={row.start} organisation={organisations[row.index]} setSize={hasNextPage ? -1 : organisations.length} measure={virtualizer.measureElement} />
          ))}
        </Box>
      </Box>
      <Text size="xs" c="dimmed" role="status">
        {hasNextPage ? t('organisations.list.countMore', { count: organisations.length }) : t('organisations.list.count', { count: organisations.length })}
      </Text>
      {error ? <ProblemAlert problem={toProblem(error)} title={t('organisations.list.failedMore')} onRetry={() => void fetchNextPage?.()} /> : null}
    </Stack>
  );
}

interface RowProps {
  index: number;
  start: number;
  organisation: OrganisationSummary | undefined;
  setSize: number;
  measure(element: Element | null): void;
}

const OrganisationRow = memo(function OrganisationRow({ index, start, organisation, setSize, measure }: RowProps) {
  const { t } = useTranslation('admin');
  return (
    <Box
      component="li"
      data-index={index}
      ref={measure}
      aria-setsize={setSize}
      aria-posinset={index + 1}
      style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${start}px)` }}
    >
      {organisation ? (
        <UnstyledButton component={Link} to={to(paths.organisation, { organisationId: organisation.id })} w="100%" p="sm" style={{ display: 'block', borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                <SafeText component="span" inherit>{organisation.name}</SafeText>
              </Text>
              <Group gap="xs">
                <Badge size="sm" variant={organisation.enabled ? 'light' : 'default'}>
                  {organisation.enabled ? t('organisations.state.enabled') : t('organisations.state.disabled')}
                </Badge>
                {organisation.childCount ? (
                  <Text size="xs" c="dimmed" component="span">
                    {t('organisations.list.children', { count: organisation.childCount })}
                  </Text>
                ) : null}
              </Group>
            </Stack>
            <IconChevronRight size={18} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      ) : (
        <Group gap="xs" p="sm" role="status">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">{t('organisations.list.loadingMore')}</Text>
        </Group>
      )}
    </Box>
  );
});
