import { ActionIcon, Checkbox, Group, Loader, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconRefresh } from '@tabler/icons-react';
import { memo } from 'react';
import { ProblemAlert, toProblem } from '@tend/core';
import { statusDisplay, useReportWords, type Report } from '@tend/domain/reports';
import { formatDate, formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { InfiniteVirtualList } from '@tend/ui/virtual-list';

export interface ReportListProps {
  reports: Report[];
  isPending: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
  refetch(): unknown;
  selected: ReadonlySet<string>;
  onToggle(id: string, on: boolean): void;
  onRename(report: Report): void;
  onRetry(report: Report): void;
  retrying: string | null;
}

const ROW_ESTIMATE = 112;
/** Shades that keep 3:1 against the page (WCAG 1.4.11). */
const BAR_COLOURS = { gray: 'gray.6', blue: 'blue.7', teal: 'teal.8', red: 'red.8' } as const;

/**
 * The reports as rows: a box to choose it for the ZIP (ready ones only), its name, what and when it covers,
 * its status in words with a progress bar, and rename / try again. Virtualised (@tend/ui's
 * InfiniteVirtualList: only the rows in view are in the page); the next page is read as the end comes near.
 */
export function ReportList(props: ReportListProps) {
  const {
    reports,
    isPending,
    error,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    refetch,
    selected,
    onToggle,
    onRename,
    onRetry,
    retrying,
  } = props;
  const { t } = useTranslation('admin');
  if (isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">{t('reports.list.loading')}</Text>
      </Group>
    );
  }
  if (error && reports.length === 0)
    return (
      <ProblemAlert
        problem={toProblem(error)}
        title={t('reports.list.failed')}
        onRetry={() => void refetch()}
      />
    );
  if (reports.length === 0) return <Text c="dimmed">{t('reports.list.empty')}</Text>;

  return (
    <Stack gap="xs">
      <InfiniteVirtualList
        items={reports}
        itemKey={(r) => r.reportId}
        renderItem={(report) => (
          <ReportRow
            report={report}
            selected={selected.has(report.reportId)}
            onToggle={onToggle}
            onRename={onRename}
            onRetry={onRetry}
            retrying={retrying === report.reportId}
          />
        )}
        rowVersion={[selected, retrying]}
        loadingMore={
          <Group gap="xs" p="sm" role="status">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">{t('reports.list.loadingMore')}</Text>
          </Group>
        }
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
        failed={Boolean(error)}
        label={t('reports.list.label')}
        estimateSize={ROW_ESTIMATE}
        testId="report-list"
        style={{ maxHeight: 'min(65vh, 720px)', height: Math.min(reports.length * ROW_ESTIMATE, 720) + 2 }}
      />
      <Text size="xs" c="dimmed">
        {hasNextPage
          ? t('reports.list.countMore', { count: reports.length })
          : t('reports.list.count', { count: reports.length })}
      </Text>
      {error ? (
        <ProblemAlert
          problem={toProblem(error)}
          title={t('reports.list.failedMore')}
          onRetry={() => void fetchNextPage()}
        />
      ) : null}
    </Stack>
  );
}

interface RowProps {
  report: Report;
  selected: boolean;
  onToggle(id: string, on: boolean): void;
  onRename(report: Report): void;
  onRetry(report: Report): void;
  retrying: boolean;
}

const ReportRow = memo(function ReportRow({
  report,
  selected,
  onToggle,
  onRename,
  onRetry,
  retrying,
}: RowProps) {
  const { t } = useTranslation('admin');
  const words = useReportWords();
  const display = statusDisplay(report.status);
  const statusText = words.status(report.status);
  return (
    <Group
      p="sm"
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      data-testid="report-row"
      data-status={report.status}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Tooltip label={t('reports.list.notReady')} disabled={display.downloadable} withinPortal>
        <Checkbox
          mt={4}
          aria-label={t('reports.list.select', { name: report.name })}
          checked={selected}
          disabled={!display.downloadable}
          onChange={(event) => onToggle(report.reportId, event.currentTarget.checked)}
        />
      </Tooltip>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          <SafeText component="span" inherit>
            {report.name}
          </SafeText>
        </Text>
        <Text size="sm" c="dimmed">
          {words.type(report.type)} ·{' '}
          {t('reports.list.period', {
            from: formatDate(`${report.from}T00:00:00Z`, 'UTC'),
            to: formatDate(`${report.to}T00:00:00Z`, 'UTC'),
          })}{' '}
          · {t('reports.list.created', { when: formatDateTime(report.createdAt) })}
          {report.status === 'succeeded' && typeof report.rowCount === 'number'
            ? ` · ${t('reports.list.rows', { count: report.rowCount })}`
            : ''}
        </Text>
        <Group gap="sm" wrap="nowrap">
          <Text
            size="sm"
            fw={600}
            c={display.color === 'red' ? 'red.8' : undefined}
            w={140}
            data-testid="report-status"
          >
            {statusText}
          </Text>
          <Progress.Root size="md" style={{ flex: 1 }}>
            <Progress.Section
              withAria={false}
              role="progressbar"
              aria-label={words.progressLabel(report.name, report.status)}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={display.progress}
              aria-valuetext={statusText}
              value={display.progress}
              color={BAR_COLOURS[display.color]}
              striped={display.pending}
              animated={display.pending}
            />
          </Progress.Root>
        </Group>
        {report.status === 'failed' && report.error ? (
          <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
            <SafeText component="span" inherit>
              {t('reports.list.error', { error: report.error })}
            </SafeText>
          </Text>
        ) : null}
      </Stack>
      <Group gap={4} wrap="nowrap">
        {display.retryable ? (
          <Tooltip label={t('reports.list.retry', { name: report.name })} withinPortal>
            <ActionIcon
              variant="light"
              color="red"
              size="lg"
              loading={retrying}
              aria-label={t('reports.list.retry', { name: report.name })}
              onClick={() => onRetry(report)}
            >
              <IconRefresh size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        ) : null}
        <Tooltip label={t('reports.list.rename', { name: report.name })} withinPortal>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t('reports.list.rename', { name: report.name })}
            onClick={() => onRename(report)}
          >
            <IconPencil size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
});
