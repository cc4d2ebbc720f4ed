import { Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { RiskHistoryEntry } from '@tend/api/model';
import { ProblemAlert, toProblem } from '@tend/core';
import { memberName, usePatientRiskHistory, useRiskWords } from '@tend/domain/risk-alerts';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { SafeText, Spinner } from '@tend/ui';
import { useRecord } from './context.ts';

/** Every change of the high-risk flag and every alert to the care team with its acknowledgement, newest first. */
export function RiskHistoryTab() {
  const { t } = useTranslation('therapist');
  const { patient, timeZone } = useRecord();
  const history = usePatientRiskHistory(patient.patientId);
  if (history.isPending) {
    return <Spinner label={t('record.history.loading')} showLabel size="sm" />;
  }
  if (history.error && history.entries.length === 0)
    return <ProblemAlert problem={toProblem(history.error)} onRetry={() => void history.refetch()} />;
  if (history.entries.length === 0)
    return <Text c="dimmed">{t('record.history.empty', { name: patient.firstName })}</Text>;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('record.history.intro')}
      </Text>
      <Box
        component="ul"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={t('record.history.label', { name: patient.firstName })}
      >
        {history.entries.map((entry) => (
          <Box component="li" key={entry.entryId} mb="xs" data-testid="risk-history-entry">
            <Entry entry={entry} timeZone={timeZone} />
          </Box>
        ))}
      </Box>
      {history.error ? (
        <ProblemAlert problem={toProblem(history.error)} onRetry={() => void history.fetchNextPage()} />
      ) : null}
      {history.hasNextPage ? (
        <Group>
          <Button
            variant="default"
            loading={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
          >
            {t('record.history.more')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** An escalation step: nobody acknowledged in time, so the clinicians on duty (1) or the administrators (2) were told. */
function EscalationEntry({ entry, timeZone }: { entry: RiskHistoryEntry; timeZone: string | undefined }) {
  const { t } = useTranslation('therapist');
  const names = (entry.therapists ?? []).map((p) => memberName(p)).join(', ');
  return (
    <Paper withBorder p="sm" data-testid="risk-escalation">
      <Group gap="xs" justify="space-between">
        <Badge color="red.9" variant="outline">
          {entry.level === 2 ? t('record.history.escalation2') : t('record.history.escalation1')}
        </Badge>
        <Text size="xs" c="dimmed">
          {formatDateTime(entry.at, timeZone)}
        </Text>
      </Group>
      {entry.reason ? (
        <SafeText size="sm" mt={4}>
          {entry.reason}
        </SafeText>
      ) : null}
      {names ? <Text size="sm">{t('record.history.escalationTold', { names })}</Text> : null}
      {entry.level === 2 ? (
        <Text size="sm">{t('record.history.escalationEmailed', { count: entry.emailed ?? 0 })}</Text>
      ) : null}
    </Paper>
  );
}

function Entry({ entry, timeZone }: { entry: RiskHistoryEntry; timeZone: string | undefined }) {
  if (entry.kind === 'escalation') return <EscalationEntry entry={entry} timeZone={timeZone} />;
  return <ChangeEntry entry={entry} timeZone={timeZone} />;
}

function ChangeEntry({ entry, timeZone }: { entry: RiskHistoryEntry; timeZone: string | undefined }) {
  const { t } = useTranslation('therapist');
  const { td } = useRiskWords();
  const source = td(`risk-alerts.sources.${entry.source}`);
  const flag = entry.kind === 'flag';
  const badge = flag
    ? {
        color: entry.highRisk ? 'red.9' : 'teal.9',
        label: entry.highRisk ? t('record.history.raised') : t('record.history.cleared'),
      }
    : { color: 'violet.9', label: t('record.history.alert', { name: memberName(entry.therapist) }) };
  const by = flag
    ? entry.actor
      ? t('record.history.by', { name: memberName(entry.actor) })
      : t('record.history.bySystem')
    : null;
  return (
    <Paper withBorder p="sm">
      <Group gap="xs" justify="space-between">
        <Badge color={badge.color} variant="filled">
          {badge.label}
        </Badge>
        <Text size="xs" c="dimmed">
          {formatDateTime(entry.at, timeZone)}
        </Text>
      </Group>
      {entry.reason ? (
        <SafeText size="sm" mt={4}>
          {entry.reason}
        </SafeText>
      ) : null}
      <Text size="xs" c="dimmed">
        {by ? `${source} · ${by}` : source}
      </Text>
      {flag ? null : entry.acknowledgedAt ? (
        <Text size="sm" mt={4} data-testid="acknowledgement">
          {t('record.history.acknowledged', {
            name: memberName(entry.acknowledgedBy),
            when: formatDateTime(entry.acknowledgedAt, timeZone),
          })}
          {entry.note ? ` — ${entry.note}` : ''}
        </Text>
      ) : (
        <Text size="sm" mt={4} c="red.9">
          {t('record.history.open')}
        </Text>
      )}
    </Paper>
  );
}
