import { List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useId, type ReactNode } from 'react';
import { ProblemAlert, toProblem } from '@tend/core';
import { formatDateTime } from '@tend/core/time';
import { useMomentWords } from '@tend/domain/moments';
import {
  sinceLastLookView,
  useMarkRecordSeen,
  useSinceLastLook,
  type SinceLastLookView,
} from '@tend/domain/patient-record';
import { useRiskWords } from '@tend/domain/risk-alerts';
import { SCREENINGS, useScreeningWords } from '@tend/domain/screening';
import { useTranslation } from '@tend/i18n';

/**
 * What is new in the record since the therapist last opened it: the patient's entries by kind, each screening
 * with its band and reliable change, the high-risk flag's changes and new messages; one quiet line when there
 * is nothing. Once shown, the record counts as seen up to this summary (the caseload row's marker clears).
 */
export function SinceLastLook({
  patientId,
  name,
  timeZone,
}: {
  patientId: string;
  name: string;
  timeZone: string | undefined;
}) {
  const { t } = useTranslation('therapist');
  const summary = useSinceLastLook(patientId);
  const { mutate: markSeen } = useMarkRecordSeen();
  const until = summary.data?.until;
  useEffect(() => {
    if (until) markSeen({ patientId, data: { upTo: until } });
  }, [markSeen, patientId, until]);

  if (summary.isPending) {
    return (
      <Text size="sm" c="dimmed">
        {t('record.since.loading')}
      </Text>
    );
  }
  if (summary.error || !summary.data) {
    return (
      <ProblemAlert
        problem={toProblem(summary.error)}
        message={t('record.since.failed')}
        onRetry={() => void summary.refetch()}
      />
    );
  }
  const view = sinceLastLookView(summary.data);
  const when = formatDateTime(view.since, timeZone);
  if (!view.news) {
    return (
      <Text size="sm" c="dimmed" data-testid="since-last-look">
        {view.firstLook
          ? t('record.since.nothingSinceJoined', { when })
          : t('record.since.nothing', { when })}
      </Text>
    );
  }
  return <SinceLastLookNews view={view} name={name} when={when} timeZone={timeZone} />;
}

function SinceLastLookNews({
  view,
  name,
  when,
  timeZone,
}: {
  view: SinceLastLookView;
  name: string;
  when: string;
  timeZone: string | undefined;
}) {
  const { t } = useTranslation('therapist');
  const moments = useMomentWords();
  const screening = useScreeningWords();
  const risk = useRiskWords();
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      p="md"
      data-testid="since-last-look"
      style={{ borderColor: 'var(--mantine-color-tend-filled)' }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
          {view.firstLook ? t('record.since.titleSinceJoined', { when }) : t('record.since.title', { when })}
        </Title>
        {view.momentTotal > 0 ? (
          <Part heading={t('record.since.entries', { count: view.momentTotal, name })} spacing={2}>
            {view.moments.map((m) => (
              <List.Item key={m.eventType}>
                {t('record.since.entryKind', {
                  kind: moments.td(`moments.types.${m.eventType}`),
                  count: m.count,
                })}
              </List.Item>
            ))}
          </Part>
        ) : null}
        {view.screenings.length > 0 ? (
          <Part heading={t('record.since.screenings', { count: view.screenings.length })} spacing={4}>
            {view.screenings.map((s) => {
              const result = t('record.since.screening', {
                name: screening.td(`screening.names.${s.type}`),
                when: formatDateTime(s.at, timeZone),
                total: s.total,
                max: SCREENINGS[s.type].maxTotal,
                band: screening.td(`screening.bands.${s.band}`),
              });
              const against =
                s.change && s.previousTotal !== null && s.previousTotal !== undefined && s.previousBand
                  ? t('record.since.against', {
                      change: screening.td(`screening.change.${s.change}`, {
                        delta: s.delta,
                        count: Math.abs(s.delta ?? 0),
                      }),
                      previous: s.previousTotal,
                      band: screening.td(`screening.bands.${s.previousBand}`),
                    })
                  : t('record.since.firstResult');
              return (
                <List.Item key={s.momentId}>
                  <Text size="sm" span c={s.change === 'reliable-deterioration' ? 'red.9' : undefined}>
                    {`${result} ${against}`}
                  </Text>
                  {s.reliableRecovery ? (
                    <Text size="sm" c="teal.9">
                      {t('record.since.recovery')}
                    </Text>
                  ) : null}
                  {s.safetyItem ? (
                    <Text size="sm" c="red.9" fw={600}>
                      <IconAlertTriangle size={14} aria-hidden="true" style={{ verticalAlign: '-2px' }} />{' '}
                      {t('record.since.item9')}
                    </Text>
                  ) : null}
                </List.Item>
              );
            })}
          </Part>
        ) : null}
        {view.riskEvents.length > 0 ? (
          <Part
            heading={t('record.since.risk', { count: view.riskEvents.length + view.moreRiskEvents })}
            spacing={2}
            after={
              view.moreRiskEvents > 0 ? (
                <Text size="sm" c="dimmed">
                  {t('record.since.moreRisk', { count: view.moreRiskEvents })}
                </Text>
              ) : null
            }
          >
            {view.riskEvents.map((e) => (
              <List.Item key={`${e.at}-${e.source}-${String(e.highRisk)}`}>
                <Text
                  size="sm"
                  span
                  c={e.highRisk ? 'red.9' : undefined}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {e.highRisk
                    ? t('record.since.raised', {
                        source: risk.td(`risk-alerts.sources.${e.source}`),
                        when: formatDateTime(e.at, timeZone),
                      })
                    : t('record.since.cleared', {
                        source: risk.td(`risk-alerts.sources.${e.source}`),
                        when: formatDateTime(e.at, timeZone),
                      })}
                  {e.reason ? ` ${t('record.since.reason', { reason: e.reason })}` : ''}
                </Text>
              </List.Item>
            ))}
          </Part>
        ) : null}
        {view.newMessages > 0 ? (
          <Text size="sm">
            {t('record.since.messages', { count: view.newMessages, name })}
            {view.unreadMessages > 0 ? ` ${t('record.since.unread', { count: view.unreadMessages })}` : ''}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** One part of what is new: its heading, then its items as a list (and what follows the list, if anything). */
function Part({
  heading,
  spacing,
  after,
  children,
}: {
  heading: string;
  spacing: number;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {heading}
      </Text>
      <List size="sm" spacing={spacing}>
        {children}
      </List>
      {after}
    </Stack>
  );
}
