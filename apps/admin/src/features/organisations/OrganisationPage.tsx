import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Organisation } from '@tend/api/model';
import { ProblemAlert, toProblem } from '@tend/core';
import {
  placesOf,
  subscriptionState,
  useOrganisation,
  useOrganisationLevel,
} from '@tend/domain/organisations';
import { formatDate } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { paths, to } from '../../paths.ts';
import { AddPatientSection } from './AddPatientSection.tsx';
import { AuditSection } from './AuditSection.tsx';
import { AppointmentSettingsForm } from './AppointmentSettingsForm.tsx';
import { AppSettingsForm } from './AppSettingsForm.tsx';
import { DetailsForm } from './DetailsForm.tsx';
import { DutyRotaSection } from './DutyRotaSection.tsx';
import { JoinSection } from './JoinSection.tsx';
import { LifecycleSection } from './LifecycleSection.tsx';
import { OrganisationList } from './OrganisationList.tsx';
import { ResearchSettingsForm } from './ResearchSettingsForm.tsx';
import { RolesSection } from './RolesSection.tsx';
import { SubscriptionForm } from './SubscriptionForm.tsx';
import { WhitelistSection } from './WhitelistSection.tsx';

/** The tabs in the order they are shown. */
const TABS = [
  'overview',
  'details',
  'subscription',
  'app',
  'appointments',
  'research',
  'join',
  'roles',
  'duty',
  'audit',
] as const;
type Tab = (typeof TABS)[number];

/** One organisation: its state (enabled, subscription, places), its child organisations, and its settings. */
export function OrganisationPage() {
  const { t } = useTranslation('admin');
  const { organisationId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === search.get('tab')) ?? 'overview';
  const org = useOrganisation(organisationId);

  if (org.isPending && !org.error) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text>{t('organisations.page.loading')}</Text>
      </Group>
    );
  }
  if (org.error || !org.merged || !org.own) {
    const problem = toProblem(org.error);
    const refused = problem.kind === 'notFound' || problem.kind === 'forbidden';
    return (
      <Stack gap="md">
        <Title order={1}>{t('organisations.page.title')}</Title>
        {refused ? (
          <Alert
            color="tend"
            icon={<IconLock aria-hidden="true" />}
            title={t('organisations.page.refusedTitle')}
            role="alert"
          >
            <Stack gap="xs">
              <Text size="sm">{t('organisations.page.refused')}</Text>
              <Anchor component={Link} to={paths.organisations} size="sm">
                {t('organisations.page.backToList')}
              </Anchor>
            </Stack>
          </Alert>
        ) : (
          <ProblemAlert problem={problem} onRetry={() => void org.refetch()} />
        )}
      </Stack>
    );
  }
  const merged = org.merged;
  const panels: Record<Tab, ReactNode> = {
    overview: <Overview organisation={merged} />,
    details: <DetailsForm organisation={merged} />,
    subscription: <SubscriptionForm organisation={merged} />,
    app: <AppSettingsForm organisation={merged} />,
    appointments: (
      <AppointmentSettingsForm organisationId={merged.id} hasParent={merged.parentOrganisation !== null} />
    ),
    research: <ResearchSettingsForm organisation={merged} />,
    join: (
      <Stack gap="xl">
        <JoinSection organisation={merged} />
        <WhitelistSection organisation={merged} />
        <AddPatientSection organisation={merged} />
      </Stack>
    ),
    roles: <RolesSection organisation={merged} />,
    duty: <DutyRotaSection organisation={merged} />,
    audit: <AuditSection organisationId={merged.id} />,
  };
  return (
    <Stack gap="md">
      <Breadcrumbs separator="›">
        <Anchor component={Link} to={paths.organisations}>
          {t('organisations.title')}
        </Anchor>
        {merged.parentOrganisation ? (
          <Anchor component={Link} to={to(paths.organisation, { organisationId: merged.parentOrganisation })}>
            {t('organisations.page.parent')}
          </Anchor>
        ) : null}
      </Breadcrumbs>
      <Group gap="sm" align="center">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          <SafeText component="span" inherit>
            {merged.name}
          </SafeText>
        </Title>
        <Badge variant={merged.enabled ? 'light' : 'default'}>
          {merged.enabled ? t('organisations.state.enabled') : t('organisations.state.disabled')}
        </Badge>
        <Anchor
          component={Link}
          to={`${paths.messageAlertNew}?organisation=${encodeURIComponent(merged.id)}`}
          size="sm"
          ml="auto"
        >
          {t('organisations.page.newAlert')}
        </Anchor>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) =>
          setSearch(value && value !== 'overview' ? { tab: value } : {}, { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List>
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`organisations.page.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((value) => (
          <Tabs.Panel key={value} value={value} pt="md">
            {panels[value]}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function Overview({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('admin');
  const children = useOrganisationLevel(organisation.id);
  const sub = organisation.subscription;
  const places = placesOf(sub?.redemptions ?? 0, sub?.maxRedemptions);
  const state = subscriptionState(sub?.endsAt, sub?.startsAt, new Date().toISOString().slice(0, 10));
  const day = (d: string) => formatDate(Date.parse(`${d}T00:00:00Z`), 'UTC');
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" m={0}>
        <Fact term={t('organisations.state.label')}>
          {organisation.enabled
            ? t('organisations.state.enabledLong')
            : t('organisations.state.disabledLong')}
        </Fact>
        <Fact term={t('organisations.state.subscription')}>
          {state === 'none'
            ? t('organisations.state.noEnd')
            : state === 'notStarted'
              ? t('organisations.state.startsOn', { date: day(sub!.startsAt!) })
              : state === 'ended'
                ? t('organisations.state.endedOn', { date: day(sub!.endsAt!) })
                : sub?.endsAt
                  ? t('organisations.state.validUntil', { date: day(sub.endsAt) })
                  : t('organisations.state.noEnd')}
        </Fact>
        <Fact term={t('organisations.state.places')}>
          {places.max === null
            ? t('organisations.state.placesNoLimit', { used: places.used })
            : t('organisations.state.placesUsed', { used: places.used, max: places.max })}
        </Fact>
      </SimpleGrid>
      <LifecycleSection organisation={organisation} />
      <Stack gap="xs" component="section" aria-labelledby="children-title">
        <Title order={2} size="h3" id="children-title">
          {t('organisations.page.children')}
        </Title>
        <OrganisationList
          query={children}
          organisations={children.organisations}
          label={t('organisations.page.childrenOf', { name: organisation.name })}
          empty={t('organisations.page.noChildren')}
          height="min(50vh, 480px)"
        />
      </Stack>
    </Stack>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Paper withBorder p="sm">
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" m={0} fw={600}>
        {children}
      </Text>
    </Paper>
  );
}
