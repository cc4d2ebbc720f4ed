import { Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { RiskAlert } from '@tend/api/model';
import { DutyNotice } from '@tend/domain/duty';
import { useRiskAlerts, type AlertStatus } from '@tend/domain/risk-alerts';
import { useMyTimezone } from '@tend/domain/therapist-profile';
import { useTranslation } from '@tend/i18n';
import { LabelledChoice } from '../../components/LabelledChoice.tsx';
import { AcknowledgeDialog } from './AcknowledgeDialog.tsx';
import { AlertList } from './AlertList.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';

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
      <PageTitle title={t('alerts.title')} intro={t('alerts.intro')} />
      <DutyNotice />
      <Group justify="space-between" align="flex-end">
        <LabelledChoice
          id="alerts-status-label"
          label={t('alerts.show')}
          value={status}
          onChange={setStatus}
          data={STATUSES.map((s) => ({ value: s, label: t(`alerts.status.${s}`) }))}
        />
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
