import { Anchor, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { MessageAlert } from '@tend/api/model';
import { ProblemAlert, toProblem } from '@tend/core';
import { alertPeriodState, useAdminMessageAlerts, type AlertApi } from '@tend/domain/message-alerts';
import { useOrganisation, useOrganisationLevel } from '@tend/domain/organisations';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { to } from '../../paths.ts';
import { alertPaths } from './alertApi.ts';
import { LoadingLine } from '../../components/LoadingLine.tsx';

const STATE_COLOURS = { scheduled: 'blue.9', showing: 'teal.9', ended: 'gray.7' } as const;

/**
 * The alerts the administrator manages, newest first: each with its importance, audience, organisation and
 * the period it shows (and whether it is showing now). The contract lists them whole (no cursor). The same
 * alerts are reached through the v2 calls (the console's own) or the v1 calls (kept for older apps; their
 * list can be narrowed to what one app version shows): a link switches between the two.
 */
export function MessageAlertsPage({ api = 'v2' }: { api?: AlertApi }) {
  const { t } = useTranslation('admin');
  const [version, setVersion] = useState('');
  const [debounced] = useDebouncedValue(version.trim(), 300);
  const alerts = useAdminMessageAlerts(api, api === 'v1' ? debounced : undefined);
  const items = alerts.data?.items ?? [];
  const own = alertPaths(api);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Title order={1}>{api === 'v1' ? t('message-alerts.v1.title') : t('message-alerts.title')}</Title>
        <Button component={Link} to={own.new}>
          {t('message-alerts.new')}
        </Button>
      </Group>
      <Text>{t('message-alerts.intro')}</Text>
      <CallSets api={api} />
      {api === 'v1' ? (
        <TextInput
          label={t('message-alerts.v1.version')}
          description={t('message-alerts.v1.versionHint')}
          value={version}
          onChange={(event) => setVersion(event.currentTarget.value)}
          maxLength={20}
          maw={320}
        />
      ) : null}
      {alerts.isPending ? (
        <LoadingLine label={t('message-alerts.loading')} />
      ) : alerts.error && !alerts.data ? (
        <ProblemAlert problem={toProblem(alerts.error)} onRetry={() => void alerts.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">
          {api === 'v1' && debounced
            ? t('message-alerts.v1.emptyForVersion', { version: debounced })
            : t('message-alerts.empty')}
        </Text>
      ) : (
        <Stack
          gap="sm"
          component="ul"
          aria-label={t('message-alerts.listLabel')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {items.map((a) => (
            <AlertRow key={a.id} alert={a} href={to(own.one, { alertId: a.id })} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The list through the v1 calls. */
export function MessageAlertsV1Page() {
  return <MessageAlertsPage api="v1" />;
}

/** The two sets of calls, as links (the current one marked as the current page). */
function CallSets({ api }: { api: AlertApi }) {
  const { t } = useTranslation('admin');
  const link = (set: AlertApi, label: string) => (
    <Button
      component={Link}
      to={alertPaths(set).list}
      variant={set === api ? 'light' : 'subtle'}
      size="compact-sm"
      aria-current={set === api ? 'page' : undefined}
    >
      {label}
    </Button>
  );
  return (
    <Group component="nav" aria-label={t('message-alerts.v1.sets')} gap="xs">
      {link('v2', t('message-alerts.v1.setV2'))}
      {link('v1', t('message-alerts.v1.setV1'))}
      <Text size="sm" c="dimmed">
        {api === 'v1' ? t('message-alerts.v1.intro') : t('message-alerts.v1.introV2')}
      </Text>
    </Group>
  );
}

function AlertRow({ alert, href }: { alert: MessageAlert; href: string }) {
  const { t } = useTranslation('admin');
  const names = useOrganisationNames();
  const m = alert.message;
  const state = alertPeriodState(m, Date.now());
  const start = m.startsAt ? formatDateTime(m.startsAt) : null;
  const end = m.endsAt ? formatDateTime(m.endsAt) : null;
  const period =
    start && end
      ? t('message-alerts.between', { start, end })
      : start
        ? t('message-alerts.from', { start })
        : end
          ? t('message-alerts.until', { end })
          : t('message-alerts.always');
  return (
    <Card component="li" withBorder padding="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Anchor component={Link} to={href} fw={600}>
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
            {m.organisationId ? (
              <OrganisationName id={m.organisationId} known={names.get(m.organisationId)} />
            ) : (
              t('message-alerts.everyOrganisation')
            )}{' '}
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
