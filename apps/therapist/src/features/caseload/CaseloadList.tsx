import { Text } from '@mantine/core';
import { ProblemAlert, toProblem } from '@tend/core';
import type { useCaseload } from '@tend/domain/caseload';
import { useTranslation } from '@tend/i18n';
import { Spinner } from '@tend/ui';
import { CaseloadRow } from './CaseloadRow.tsx';
import { PagedRows } from '../../components/PagedRows.tsx';

const ROW_ESTIMATE = 104;
const LIST_STYLE = {
  height: 'min(70vh, 760px)',
  border: '1px solid var(--mantine-color-default-border)',
  borderRadius: 8,
};

/**
 * The caseload as the server orders it, virtualised (only the rows in view are in the page, smooth at 10,000
 * patients), the next page fetched as the end comes into view.
 */
export function CaseloadList({
  query,
  timeZone,
  filtered,
}: {
  query: ReturnType<typeof useCaseload>;
  timeZone: string | undefined;
  filtered: boolean;
}) {
  const { t } = useTranslation('therapist');
  const { patients, isPending, error, total } = query;

  if (isPending) return <Spinner label={t('caseload.loading')} showLabel size="sm" />;
  if (error && patients.length === 0)
    return (
      <ProblemAlert
        problem={toProblem(error)}
        title={t('caseload.failed')}
        onRetry={() => void query.refetch()}
      />
    );
  if (patients.length === 0)
    return <Text c="dimmed">{filtered ? t('caseload.emptyFiltered') : t('caseload.empty')}</Text>;

  return (
    <PagedRows
      query={query}
      loadingMoreLabel={t('caseload.loadingMore')}
      failedMoreTitle={t('caseload.failedMore')}
      items={patients}
      itemKey={(p) => p.patientId}
      renderItem={(patient) => <CaseloadRow patient={patient} timeZone={timeZone} />}
      rowVersion={timeZone}
      label={t('caseload.listLabel')}
      estimateSize={ROW_ESTIMATE}
      overscan={5}
      prefetch={10}
      total={total ?? -1}
      testId="caseload-list"
      rowTestId="caseload-row"
      style={LIST_STYLE}
    />
  );
}
