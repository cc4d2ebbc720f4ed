import {
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { RiskAlert } from '@tend/api/model';
import { ProblemAlert, toProblem } from '@tend/domain';
import { memberName, useRiskAlerts, useRiskWords, type AlertStatus } from '@tend/domain/risk-alerts';
import { useMyTimezone } from '@tend/domain/therapist-profile';
import { formatDateTime } from '@tend/domain/time';
import { useTranslation } from '@tend/i18n';
import { SafeText, Spinner } from '@tend/ui';
import { paths, patientPath } from '../../paths.ts';
import { AcknowledgeDialog } from './AcknowledgeDialog.tsx';

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

function AlertItem({
  alert,
  timeZone,
  onAcknowledge,
}: {
  alert: RiskAlert;
  timeZone: string | undefined;
  onAcknowledge(): void;
}) {
  const { t } = useTranslation('therapist');
  const { td } = useRiskWords();
  const name = `${alert.firstName} ${alert.lastName}`.trim();
  const open = alert.acknowledgedAt === null;
  return (
    <Paper
      withBorder
      p="md"
      style={open ? { borderLeft: '4px solid var(--mantine-color-red-7)' } : undefined}
      data-testid="risk-alert"
    >
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 20rem' }}>
          <Group gap="xs">
            <Anchor component={Link} to={patientPath(paths.patient, alert.patientId)} fw={700}>
              {name}
            </Anchor>
            <Badge color={open ? 'red' : 'gray'} variant={open ? 'filled' : 'light'}>
              {open ? t('alerts.item.open') : t('alerts.item.done')}
            </Badge>
            {!alert.highRisk ? (
              <Badge variant="outline" color="gray">
                {t('alerts.item.flagCleared')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" fw={600}>
            {td(`risk-alerts.sources.${alert.source}`)}
          </Text>
          {alert.reason ? <SafeText size="sm">{alert.reason}</SafeText> : null}
          <Text size="xs" c="dimmed">
            {t('alerts.item.when', { when: formatDateTime(alert.createdAt, timeZone) })}
          </Text>
          {alert.acknowledgedAt ? (
            <Text size="sm">
              {t('alerts.item.acknowledged', {
                name: memberName(alert.acknowledgedBy),
                when: formatDateTime(alert.acknowledgedAt, timeZone),
              })}
              {alert.note ? ` — ${alert.note}` : ''}
            </Text>
          ) : null}
        </Stack>
        {open ? (
          <Button onClick={onAcknowledge} aria-label={t('alerts.item.acknowledgeLabel', { name })}>
            {t('alerts.item.acknowledge')}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
