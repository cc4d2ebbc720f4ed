import type { useCaseload } from '@tend/domain/caseload';
import { useTranslation } from '@tend/i18n';
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
  const { patients, total } = query;

  return (
    <PagedRows
      query={query}
      loadingLabel={t('caseload.loading')}
      failedTitle={t('caseload.failed')}
      emptyText={filtered ? t('caseload.emptyFiltered') : t('caseload.empty')}
      loadingMoreLabel={t('caseload.loadingMore')}
      failedMoreTitle={t('caseload.failedMore')}
      label={t('caseload.listLabel')}
      items={patients}
      itemKey={(p) => p.patientId}
      renderItem={(patient) => <CaseloadRow patient={patient} timeZone={timeZone} />}
      rowVersion={timeZone}
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
