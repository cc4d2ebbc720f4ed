import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalendarTime, IconUsers, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DutyNotice } from '@tend/domain/duty';
import { MessageAlertNotices } from '@tend/domain/message-alerts';
import { PortalGreeting } from '@tend/portal';
import { ProblemAlert, toProblem } from '@tend/core';
import { useRiskAlerts, useRiskWords } from '@tend/domain/risk-alerts';
import { useMyTimezone } from '@tend/domain/therapist-profile';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { Spinner } from '@tend/ui';
import { paths, patientPath } from '../../paths.ts';
import { tk } from '../../tk.ts';
import { SHOWN_ALERTS } from './model.ts';
import { PlacementNotices } from './PlacementNotices.tsx';

/** The signed-in home: the greeting, then who needs the therapist first (open high-risk alerts) and where to go. */
export function HomePage() {
  const { t } = useTranslation('therapist');
  const { td } = useRiskWords();
  const alerts = useRiskAlerts('unacknowledged', SHOWN_ALERTS);
  const { data: zone } = useMyTimezone();
  return (
    <Stack gap="lg">
      <PortalGreeting intro={tk('home.intro')} />
      <MessageAlertNotices />
      <DutyNotice />
      <PlacementNotices />
      <Paper withBorder p="md" component="section" aria-labelledby="home-first">
        <Stack gap="sm">
          <Title order={2} size="h3" id="home-first">
            {t('home.firstTitle')}
          </Title>
          {alerts.isPending ? (
            <Spinner label={t('home.loading')} showLabel size="xs" />
          ) : alerts.error ? (
            <ProblemAlert problem={toProblem(alerts.error)} onRetry={() => void alerts.refetch()} />
          ) : alerts.alerts.length === 0 ? (
            <Text size="sm">{t('home.noAlerts')}</Text>
          ) : (
            <Stack gap="xs">
              <Text size="sm" role="status">
                {t('home.openAlerts', { count: alerts.unacknowledged ?? alerts.alerts.length })}
              </Text>
              {alerts.alerts.map((a) => (
                <Group key={a.alertId} gap="xs" wrap="nowrap">
                  <IconAlertTriangle size={16} color="var(--mantine-color-red-7)" aria-hidden="true" />
                  <Anchor component={Link} to={patientPath(paths.patient, a.patientId)} fw={600}>
                    {`${a.firstName} ${a.lastName}`}
                  </Anchor>
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    {`${td(`risk-alerts.sources.${a.source}`)} · ${formatDateTime(a.createdAt, zone ?? undefined)}`}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
          <Group gap="xs">
            <GoTo to={paths.alerts} icon={IconAlertTriangle} variant="light" color="red">
              {t('home.toAlerts')}
            </GoTo>
            <GoTo to={paths.caseload} icon={IconUsers} variant="light">
              {t('home.toCaseload')}
            </GoTo>
            <GoTo to={paths.availability} icon={IconCalendarTime} variant="default">
              {t('home.toAvailability')}
            </GoTo>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** One of the home's ways on: a button that is a link, its icon before the words. */
function GoTo({
  to,
  icon: Icon,
  variant,
  color,
  children,
}: {
  to: string;
  icon: Icon;
  variant: 'light' | 'default';
  color?: string;
  children: ReactNode;
}) {
  return (
    <Button
      component={Link}
      to={to}
      variant={variant}
      color={color}
      leftSection={<Icon size={16} aria-hidden="true" />}
    >
      {children}
    </Button>
  );
}
