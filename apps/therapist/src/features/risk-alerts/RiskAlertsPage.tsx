import { Box, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { RiskAlert } from '@tend/api/model';
import { ProblemAlert, toProblem } from '@tend/core';
import { DutyNotice } from '@tend/domain/duty';
import { useRiskAlerts, type AlertStatus } from '@tend/domain/risk-alerts';
import { useMyTimezone } from '@tend/domain/therapist-profile';
import { useTranslation } from '@tend/i18n';
import { Spinner } from '@tend/ui';
import { AcknowledgeDialog } from './AcknowledgeDialog.tsx';
import { AlertItem } from './AlertItem.tsx';

const STATUSES: AlertStatus[] = ['unacknowledged', 'acknowledged', 'all'];

/** `/alerts`: high-risk alerts of the therapist's patients, kept fresh while open, each acknowledged once acted on. */
export function RiskAlertsPage() {
  const { t } = useTranslation('therapist');
  const [status, setStatus] = useState<AlertStatus>('unacknowledged');
  const [acknowledging, setAcknowledging] = useState<RiskAlert | null>(null);
  const alerts = useRiskAlerts(status);
  const { data: zone } = useMyTimezone();
  const timeZone = zone ?? undefined;
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1}>{t('alerts.title')}</Title>
        <Text c="dimmed">{t('alerts.intro')}</Text>
      </Stack>
      <DutyNotice />
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Text size="sm" fw={600} id="alerts-status-label">
            {t('alerts.show')}
          </Text>
          <SegmentedControl
            aria-labelledby="alerts-status-label"
            value={status}
            onChange={(v) => setStatus(v as AlertStatus)}
            data={STATUSES.map((s) => ({ value: s, label: t(`alerts.status.${s}`) }))}
          />
        </Stack>
        <Text size="sm" role="status" aria-live="polite" data-testid="alerts-open-count">
          {alerts.unacknowledged === undefined ? '' : t('alerts.openCount', { count: alerts.unacknowledged })}
        </Text>
      </Group>
      {alerts.isPending ? (
        <Spinner label={t('alerts.loading')} showLabel size="sm" />
      ) : alerts.error && alerts.alerts.length === 0 ? (
        <ProblemAlert problem={toProblem(alerts.error)} onRetry={() => void alerts.refetch()} />
      ) : alerts.alerts.length === 0 ? (
        <Text c="dimmed">{t(`alerts.empty.${status}`)}</Text>
      ) : (
        <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('alerts.listLabel')}>
          {alerts.alerts.map((alert) => (
            <Box component="li" key={alert.alertId} mb="sm">
              <AlertItem alert={alert} timeZone={timeZone} onAcknowledge={() => setAcknowledging(alert)} />
            </Box>
          ))}
        </Box>
      )}
      {alerts.error && alerts.alerts.length > 0 ? (
        <ProblemAlert problem={toProblem(alerts.error)} onRetry={() => void alerts.refetch()} />
      ) : null}
      {alerts.hasNextPage ? (
        <Group>
          <Button
            variant="default"
            loading={alerts.isFetchingNextPage}
            onClick={() => void alerts.fetchNextPage()}
          >
            {t('alerts.more')}
          </Button>
        </Group>
      ) : null}
      <AcknowledgeDialog alert={acknowledging} onClose={() => setAcknowledging(null)} />
    </Stack>
  );
}
