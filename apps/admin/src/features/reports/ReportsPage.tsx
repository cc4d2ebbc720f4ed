import { Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ProblemAlert, useSubmit } from '@tend/core';
import {
  newlyReady,
  useDownloadReports,
  useReportWords,
  useReports,
  useRetryReport,
  type Report,
  type ReportStatus,
} from '@tend/domain/reports';
import { useTranslation } from '@tend/i18n';
import { paths } from '../../paths.ts';
import { RenameReportModal } from './RenameReportModal.tsx';
import { ReportList } from './ReportList.tsx';

/**
 * The administrator's reports, newest first: a report being made follows on its own (its status and bar
 * change, and "… is ready" is announced), ready ones can be chosen and downloaded together as one ZIP, a
 * failed one tried again, any renamed.
 */
export function ReportsPage() {
  const { t } = useTranslation('admin');
  const words = useReportWords();
  const list = useReports();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [renaming, setRenaming] = useState<Report | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const retry = useRetryReport();
  const download = useDownloadReports();

  // announce the reports that became ready while the page was open
  // (once per change of the list, not per render: at 10,000 reports each pass is a walk over all of them)
  const seen = useRef(new Map<string, ReportStatus>());
  const readyText = useRef(words.readyText);
  readyText.current = words.readyText;
  useEffect(() => {
    const ready = newlyReady(seen.current, list.reports);
    if (ready.length > 0)
      setAnnouncement(
        ready.map((id) => readyText.current(list.reports.find((r) => r.reportId === id)!.name)).join(' '),
      );
    seen.current = new Map(list.reports.map((r) => [r.reportId, r.status]));
  }, [list.reports]);

  const onToggle = useCallback((id: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const retrying = useSubmit((report: Report) => retry.mutateAsync({ reportId: report.reportId }), {
    onSuccess: (report) => setAnnouncement(t('reports.list.retried', { name: report.name })),
  });
  const zipping = useSubmit((ids: string[]) => download.mutateAsync(ids), {
    onSuccess: (file) => setAnnouncement(t('reports.zip.done', { fileName: file.fileName })),
  });
  const onRetry = useCallback((report: Report) => void retrying.submit(report), [retrying]);
  const chosen = list.reports
    .filter((r) => selected.has(r.reportId) && r.status === 'succeeded')
    .map((r) => r.reportId);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Title order={1}>{t('reports.title')}</Title>
        <Group>
          <Button component={Link} to={paths.reportSchedule} variant="default">
            {t('reports.scheduleLink')}
          </Button>
          <Button component={Link} to={paths.reportNew}>
            {t('reports.new')}
          </Button>
        </Group>
      </Group>
      <Text>{t('reports.intro')}</Text>
      <Group gap="sm">
        <Button
          leftSection={<IconFileZip size={18} aria-hidden="true" />}
          disabled={chosen.length === 0}
          loading={zipping.pending}
          onClick={() => void zipping.submit(chosen)}
        >
          {t('reports.zip.download', { count: chosen.length })}
        </Button>
        {chosen.length > 0 ? (
          <Button variant="subtle" onClick={() => setSelected(new Set())}>
            {t('reports.zip.clear')}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {t('reports.zip.none')}
          </Text>
        )}
      </Group>
      <ProblemAlert problem={zipping.problem} onRetry={() => void zipping.submit(chosen)} />
      <ProblemAlert problem={retrying.problem} />
      <ReportList
        reports={list.reports}
        isPending={list.isPending}
        error={list.error}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
        refetch={list.refetch}
        selected={selected}
        onToggle={onToggle}
        onRename={setRenaming}
        onRetry={onRetry}
        retrying={retrying.pending ? (retry.variables?.reportId ?? null) : null}
      />
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="report-announcer">
        {announcement}
      </VisuallyHidden>
      <RenameReportModal report={renaming} onClose={() => setRenaming(null)} />
    </Stack>
  );
}
