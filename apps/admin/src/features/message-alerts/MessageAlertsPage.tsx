import { Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { MessageAlert } from '@tend/api/model';
import { ProblemAlert, toProblem } from '@tend/domain';
import { alertPeriodState, useAdminMessageAlerts } from '@tend/domain/message-alerts';
import { useOrganisation, useOrganisationLevel } from '@tend/domain/organisations';
import { formatDateTime } from '@tend/domain/time';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { paths, to } from '../../paths.ts';

const STATE_COLOURS = { scheduled: 'blue.9', showing: 'teal.9', ended: 'gray.7' } as const;

/**
 * The alerts the administrator manages, newest first: each with its importance, audience, organisation and
 * the period it shows (and whether it is showing now). The contract lists them whole (no cursor).
 */
export function MessageAlertsPage() {
  const { t } = useTranslation('admin');
  const alerts = useAdminMessageAlerts();
  const items = alerts.data?.items ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Title order={1}>{t('message-alerts.title')}</Title>
        <Button component={Link} to={paths.messageAlertNew}>
          {t('message-alerts.new')}
        </Button>
      </Group>
      <Text>{t('message-alerts.intro')}</Text>
      {alerts.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('message-alerts.loading')}</Text>
        </Group>
      ) : alerts.error && !alerts.data ? (
        <ProblemAlert problem={toProblem(alerts.error)} onRetry={() => void alerts.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('message-alerts.empty')}</Text>
      ) : (
        <Stack gap="sm" component="ul" aria-label={t('message-alerts.listLabel')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((a) => (
            <AlertRow key={a.id} alert={a} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function AlertRow({ alert }: { alert: MessageAlert }) {
  const { t } = useTranslation('admin');
  const names = useOrganisationNames();
  const m = alert.message;
  const state = alertPeriodState(m, Date.now());
  const start = m.startsAt ? formatDateTime(m.startsAt) : null;
  const end = m.endsAt ? formatDateTime(m.endsAt) : null;
  const period = start && end ? t('message-alerts.between', { start, end }) : start ? t('message-alerts.from', { start }) : end ? t('message-alerts.until', { end }) : t('message-alerts.always');
  return (
    <Card component="li" withBorder padding="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Anchor component={Link} to={to(paths.messageAlert, { alertId: alert.id })} fw={600}>
            <SafeText component="span" inherit>
              {m.title}
            </SafeText>
          </Anchor>
          <Text size="sm" lineClamp={2}>
            <SafeText component="span" inherit>
              {m.body}
            </SafeText>
          </Text>
          <Text size="sm" c="dimmed">
            {t(`message-alerts.audiences.${m.audience}`)} ·{' '}
            {m.organisationId ? <OrganisationName id={m.organisationId} known={names.get(m.organisationId)} /> : t('message-alerts.everyOrganisation')}{' '}
            · {period}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end">
          <Badge color={STATE_COLOURS[state]} variant="filled">
            {t(`message-alerts.state.${state}`)}
          </Badge>
          <Badge color="gray" variant="outline">
            {t(`message-alerts.severities.${m.severity}`)}
          </Badge>
        </Stack>
      </Group>
    </Card>
  );
}

/** The names of the organisations at the top of the administrator's tree (cached; ids shown for others). */
function useOrganisationNames() {
  const level = useOrganisationLevel(null);
  return useMemo(() => new Map(level.organisations.map((o) => [o.id, o.name])), [level.organisations]);
}

/** An organisation's name: known from the top of the tree, or read (the id while it loads or when refused). */
function OrganisationName({ id, known }: { id: string; known: string | undefined }) {
  const read = useOrganisation(known ? undefined : id);
  return (
    <SafeText component="span" inherit>
      {known ?? read.merged?.name ?? id}
    </SafeText>
  );
}
