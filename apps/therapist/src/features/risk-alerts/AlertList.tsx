import { Box } from '@mantine/core';
import type { RiskAlert } from '@tend/api/model';
import type { AlertStatus, useRiskAlerts } from '@tend/domain/risk-alerts';
import { useTranslation } from '@tend/i18n';
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
  const { alerts, total } = query;

  return (
    <PagedRows
      query={query}
      loadingLabel={t('alerts.loading')}
      emptyText={t(`alerts.empty.${status}`)}
      loadingMoreLabel={t('alerts.loadingMore')}
      failedMoreTitle={t('alerts.failedMore')}
      label={t('alerts.listLabel')}
      items={alerts}
      itemKey={(a) => a.alertId}
      renderItem={(alert) => (
        <Box pb="sm">
          <AlertItem alert={alert} timeZone={timeZone} onAcknowledge={() => onAcknowledge(alert)} />
        </Box>
      )}
      rowVersion={timeZone}
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
