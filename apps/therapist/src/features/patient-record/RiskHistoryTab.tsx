import { Badge, Box, Button, Group, Paper, Stack, Text, type BadgeVariant } from '@mantine/core';
import type { ReactNode } from 'react';
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
    <EntryCard
      entry={entry}
      timeZone={timeZone}
      badge={{
        color: 'red.9',
        variant: 'outline',
        label: entry.level === 2 ? t('record.history.escalation2') : t('record.history.escalation1'),
      }}
      testId="risk-escalation"
    >
      {names ? <Text size="sm">{t('record.history.escalationTold', { names })}</Text> : null}
      {entry.level === 2 ? (
        <Text size="sm">{t('record.history.escalationEmailed', { count: entry.emailed ?? 0 })}</Text>
      ) : null}
    </EntryCard>
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
    <EntryCard entry={entry} timeZone={timeZone} badge={{ ...badge, variant: 'filled' }}>
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
    </EntryCard>
  );
}

/** One entry as a card: what it is (a badge) and when, the reason given, then what the kind of entry adds. */
function EntryCard({
  entry,
  timeZone,
  badge,
  testId,
  children,
}: {
  entry: RiskHistoryEntry;
  timeZone: string | undefined;
  badge: { color: string; variant: BadgeVariant; label: string };
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="sm" data-testid={testId}>
      <Group gap="xs" justify="space-between">
        <Badge color={badge.color} variant={badge.variant}>
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
      {children}
    </Paper>
  );
}
