import { Box, Text } from '@mantine/core';
import type { RiskAlert } from '@tend/api/model';
import { ProblemAlert, toProblem } from '@tend/core';
import type { AlertStatus, useRiskAlerts } from '@tend/domain/risk-alerts';
import { useTranslation } from '@tend/i18n';
import { Spinner } from '@tend/ui';
import { AlertItem } from './AlertItem.tsx';
import { PagedRows } from '../../components/PagedRows.tsx';

const ROW_ESTIMATE = 190;
const LIST_STYLE = { height: 'min(70vh, 760px)' };

/**
 * The alerts of one status as the server orders them (newest first), virtualised (only the alerts in view are
 * in the page), the next page read with the keyset cursor as the end comes into view.
 */
export function AlertList({
  query,
  status,
  timeZone,
  onAcknowledge,
}: {
  query: ReturnType<typeof useRiskAlerts>;
  status: AlertStatus;
  timeZone: string | undefined;
  onAcknowledge(alert: RiskAlert): void;
}) {
  const { t } = useTranslation('therapist');
  const { alerts, isPending, error, total } = query;

  if (isPending) return <Spinner label={t('alerts.loading')} showLabel size="sm" />;
  if (error && alerts.length === 0)
    return <ProblemAlert problem={toProblem(error)} onRetry={() => void query.refetch()} />;
  if (alerts.length === 0) return <Text c="dimmed">{t(`alerts.empty.${status}`)}</Text>;

  return (
    <PagedRows
      query={query}
      loadingMoreLabel={t('alerts.loadingMore')}
      failedMoreTitle={t('alerts.failedMore')}
      items={alerts}
      itemKey={(a) => a.alertId}
      renderItem={(alert) => (
        <Box pb="sm">
          <AlertItem alert={alert} timeZone={timeZone} onAcknowledge={() => onAcknowledge(alert)} />
        </Box>
      )}
      rowVersion={timeZone}
      label={t('alerts.listLabel')}
      estimateSize={ROW_ESTIMATE}
      overscan={4}
      prefetch={5}
      total={total ?? -1}
      testId="alerts-list"
      rowTestId="alert-row"
      style={LIST_STYLE}
    />
  );
}
