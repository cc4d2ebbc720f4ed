import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { RiskAlert } from '@tend/api/model';
import { ProblemAlert, useSubmit } from '@tend/core';
import { memberName, useRiskWords, useTakeOnFromAlert } from '@tend/domain/risk-alerts';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { paths, patientPath } from '../../paths.ts';

/**
 * One alert: the patient, why, when, how it reached the therapist (care team, on duty for a patient with no
 * therapist yet, escalated, or open risk of a patient just taken on), and its acknowledgement. A duty alert of a
 * patient with no therapist offers to take the patient on.
 */
export function AlertItem({
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
  const takeOn = useTakeOnFromAlert();
  const submit = useSubmit(takeOn.mutateAsync);
  const name = `${alert.firstName} ${alert.lastName}`.trim();
  const open = alert.acknowledgedAt === null;
  const noTherapist = alert.noTherapist === true;
  const route = alert.route ?? 'care-team';
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
            {noTherapist ? (
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
            ) : (
              <Anchor component={Link} to={patientPath(paths.patient, alert.patientId)} fw={700}>
                {name}
              </Anchor>
            )}
            <Badge color={open ? 'red' : 'gray'} variant={open ? 'filled' : 'light'}>
              {open ? t('alerts.item.open') : t('alerts.item.done')}
            </Badge>
            {noTherapist ? (
              <Badge color="orange.9" variant="filled" data-testid="no-therapist">
                {t('alerts.item.noTherapist')}
              </Badge>
            ) : null}
            {route === 'escalation' ? (
              <Badge color="red.9" variant="outline">
                {t('alerts.item.escalated')}
              </Badge>
            ) : null}
            {route === 'take-on' ? (
              <Badge color="violet.9" variant="outline">
                {t('alerts.item.takenOn')}
              </Badge>
            ) : null}
            {alert.answerChanged ? (
              <Badge color="orange.9" variant="outline">
                {t('alerts.item.answerChanged')}
              </Badge>
            ) : null}
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
          {noTherapist ? <Text size="sm">{t('alerts.item.noTherapistHelp')}</Text> : null}
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
          <ProblemAlert problem={submit.problem} />
        </Stack>
        <Group gap="xs">
          {noTherapist ? (
            <Button
              color="orange.9"
              loading={submit.pending}
              onClick={() => void submit.submit({ alertId: alert.alertId })}
              aria-label={t('alerts.item.takeOnLabel', { name })}
            >
              {t('alerts.item.takeOn')}
            </Button>
          ) : null}
          {open ? (
            <Button onClick={onAcknowledge} aria-label={t('alerts.item.acknowledgeLabel', { name })}>
              {t('alerts.item.acknowledge')}
            </Button>
          ) : null}
        </Group>
      </Group>
    </Paper>
  );
}
