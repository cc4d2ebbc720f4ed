import { Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { RiskAlert } from '@tend/api/model';
import { DutyNotice } from '@tend/domain/duty';
import { useRiskAlerts, type AlertStatus } from '@tend/domain/risk-alerts';
import { useMyTimezone } from '@tend/domain/therapist-profile';
import { useTranslation } from '@tend/i18n';
import { AcknowledgeDialog } from './AcknowledgeDialog.tsx';
import { AlertList } from './AlertList.tsx';

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
      <AlertList
        query={alerts}
        status={status}
        timeZone={timeZone}
        onAcknowledge={(alert) => setAcknowledging(alert)}
      />
      <AcknowledgeDialog alert={acknowledging} onClose={() => setAcknowledging(null)} />
    </Stack>
  );
}
