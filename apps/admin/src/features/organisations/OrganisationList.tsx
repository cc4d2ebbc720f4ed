import { Group, Loader, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { OrganisationSummary } from '@tend/api/model';
import { ProblemAlert, toProblem } from '@tend/core';
import { useTranslation } from '@tend/i18n';
import { InfiniteVirtualList, RowBadge } from '@tend/ui/virtual-list';
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
export function OrganisationList({
  organisations,
  isPending,
  error,
  hasNextPage = false,
  isFetchingNextPage = false,
  fetchNextPage,
  refetch,
  label,
  empty,
  height = 'min(65vh, 640px)',
}: OrganisationListProps) {
  const { t } = useTranslation('admin');
  if (isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">{t('organisations.list.loading')}</Text>
      </Group>
    );
  }
  if (error && organisations.length === 0)
    return (
      <ProblemAlert
        problem={toProblem(error)}
        title={t('organisations.list.failed')}
        onRetry={() => void refetch()}
      />
    );
  if (organisations.length === 0) return <Text c="dimmed">{empty}</Text>;

  return (
    <Stack gap="xs">
      <InfiniteVirtualList
        items={organisations}
        itemKey={(o) => o.id}
        renderItem={(organisation) => <OrganisationRow organisation={organisation} />}
        loadingMore={
          <Group gap="xs" p="sm" role="status">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">{t('organisations.list.loadingMore')}</Text>
          </Group>
        }
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
        failed={Boolean(error)}
        label={label}
        estimateSize={ROW_ESTIMATE}
        overscan={8}
        testId="organisation-list"
        style={{ maxHeight: height, height: Math.min(organisations.length * ROW_ESTIMATE, 640) + 2 }}
      />
      <Text size="xs" c="dimmed" role="status">
        {hasNextPage
          ? t('organisations.list.countMore', { count: organisations.length })
          : t('organisations.list.count', { count: organisations.length })}
      </Text>
      {error ? (
        <ProblemAlert
          problem={toProblem(error)}
          title={t('organisations.list.failedMore')}
          onRetry={() => void fetchNextPage?.()}
        />
      ) : null}
    </Stack>
  );
}

/**
 * One organisation: its name, state and child organisations, a link to its page. Plain elements with
 * @tend/ui's row classes (rows.css): scrolling through thousands mounts hundreds of rows, and a Mantine
 * component per piece made those frames long. The name is text, never markup.
 */
const OrganisationRow = memo(function OrganisationRow({
  organisation,
}: {
  organisation: OrganisationSummary;
}) {
  const { t } = useTranslation('admin');
  return (
    <Link
      to={to(paths.organisation, { organisationId: organisation.id })}
      className="tend-row tend-row-split mantine-focus-auto"
      data-center=""
    >
      <span className="tend-row-stack">
        <span className="tend-row-title tend-row-usertext">{organisation.name}</span>
        <span className="tend-row-line">
          <RowBadge variant={organisation.enabled ? 'light' : 'default'}>
            {organisation.enabled ? t('organisations.state.enabled') : t('organisations.state.disabled')}
          </RowBadge>
          {organisation.childCount ? (
            <span className="tend-row-meta">
              {t('organisations.list.children', { count: organisation.childCount })}
            </span>
          ) : null}
        </span>
      </span>
      <IconChevronRight className="tend-row-icon" size={18} aria-hidden="true" />
    </Link>
  );
});
