import { ActionIcon, Checkbox, Tooltip } from '@mantine/core';
import type { CSSProperties } from 'react';
import { IconPencil, IconRefresh } from '@tabler/icons-react';
import { memo } from 'react';
import { statusDisplay, useReportWords, type Report } from '@tend/domain/reports';
import { formatDate, formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { PagedList } from '../../components/PagedList.tsx';

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
const BAR_COLOURS = {
  gray: 'var(--mantine-color-gray-6)',
  blue: 'var(--mantine-color-blue-7)',
  teal: 'var(--mantine-color-teal-8)',
  red: 'var(--mantine-color-red-8)',
} as const;

/**
 * The reports as rows: a box to choose it for the ZIP (ready ones only), its name, what and when it covers,
 * its status in words with a progress bar, and rename / try again. Virtualised (@tend/ui's
 * InfiniteVirtualList: only the rows in view are in the page); the next page is read as the end comes near.
 */
export function ReportList(props: ReportListProps) {
  const { reports, selected, onToggle, onRename, onRetry, retrying } = props;
  const { t } = useTranslation('admin');
  return (
    <PagedList
      query={props}
      items={reports}
      words={{
        loading: t('reports.list.loading'),
        loadingMore: t('reports.list.loadingMore'),
        empty: t('reports.list.empty'),
        failed: t('reports.list.failed'),
        failedMore: t('reports.list.failedMore'),
      }}
      count={(count, more) =>
        more ? t('reports.list.countMore', { count }) : t('reports.list.count', { count })
      }
      countLive={false}
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
      label={t('reports.list.label')}
      estimateSize={ROW_ESTIMATE}
      testId="report-list"
      maxHeight="min(65vh, 720px)"
      tallest={720}
    />
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

/**
 * One report. Plain elements with @tend/ui's row classes (rows.css) around the controls: scrolling through
 * 10,000 reports mounts hundreds of rows, and a Mantine component per piece made those frames long. The
 * tooltip on the box is there only when it cannot be chosen (a ready report's box needs none).
 */
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
  const checkbox = (
    <Checkbox
      mt={4}
      aria-label={t('reports.list.select', { name: report.name })}
      checked={selected}
      disabled={!display.downloadable}
      onChange={(event) => onToggle(report.reportId, event.currentTarget.checked)}
    />
  );
  return (
    <div
      className="tend-row tend-row-split"
      data-testid="report-row"
      data-status={report.status}
      style={{ gap: 'var(--mantine-spacing-sm)' }}
    >
      {display.downloadable ? (
        checkbox
      ) : (
        <Tooltip label={t('reports.list.notReady')} withinPortal>
          {checkbox}
        </Tooltip>
      )}
      <div className="tend-row-stack" data-gap="4" style={{ flex: 1 }}>
        <p className="tend-row-title tend-row-usertext">{report.name}</p>
        <p className="tend-row-text" style={{ color: 'var(--mantine-color-dimmed)' }}>
          {words.type(report.type)} ·{' '}
          {t('reports.list.period', {
            from: formatDate(`${report.from}T00:00:00Z`, 'UTC'),
            to: formatDate(`${report.to}T00:00:00Z`, 'UTC'),
          })}{' '}
          · {t('reports.list.created', { when: formatDateTime(report.createdAt) })}
          {report.status === 'succeeded' && typeof report.rowCount === 'number'
            ? ` · ${t('reports.list.rows', { count: report.rowCount })}`
            : ''}
        </p>
        <div className="tend-row-line" data-nowrap="" style={{ gap: 'var(--mantine-spacing-sm)' }}>
          <p
            className={`tend-row-text${display.color === 'red' ? ' tend-row-danger' : ''}`}
            style={{ fontWeight: 600, width: 140, flex: 'none', overflowWrap: 'normal' }}
            data-testid="report-status"
          >
            {statusText}
          </p>
          <div className="tend-row-progress">
            <span
              role="progressbar"
              aria-label={words.progressLabel(report.name, report.status)}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={display.progress}
              aria-valuetext={statusText}
              data-striped={display.pending ? '' : undefined}
              style={
                {
                  '--tend-progress': BAR_COLOURS[display.color],
                  '--tend-progress-value': display.progress,
                } as CSSProperties
              }
            />
          </div>
        </div>
        {report.status === 'failed' && report.error ? (
          <p className="tend-row-text tend-row-danger tend-row-usertext">
            {t('reports.list.error', { error: report.error })}
          </p>
        ) : null}
      </div>
      <div className="tend-row-line" data-nowrap="" style={{ gap: 4 }}>
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
      </div>
    </div>
  );
});
