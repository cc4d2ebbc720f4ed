import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ProblemAlert, toProblem } from '@tend/core';
import { useOrganisationNumbers } from '@tend/domain/intake';
import { formatDate } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { paths, to } from '../../paths.ts';
import { LoadingLine } from '../../components/LoadingLine.tsx';

/** The organisation's figures that need the administrator (counts only), each linking to its page. */
export function HomeNumbers({ organisationId, name }: { organisationId: string; name: string }) {
  const { t } = useTranslation('admin');
  const numbers = useOrganisationNumbers(organisationId);
  if (numbers.isPending) return <LoadingLine label={t('home.loading')} />;
  if (numbers.error || !numbers.data)
    return (
      <ProblemAlert
        problem={toProblem(numbers.error)}
        title={t('home.failed')}
        onRetry={() => void numbers.refetch()}
      />
    );
  const n = numbers.data;
  const organisationPage = to(paths.organisation, { organisationId });
  const intake = `${paths.intake}?organisation=${encodeURIComponent(organisationId)}`;
  return (
    <Stack gap="sm" component="section" aria-label={t('home.label', { name })}>
      <Text size="sm" data-testid="home-counts">
        {t('home.counts.patients', { count: n.patients })} ·{' '}
        {t('home.counts.therapists', { count: n.therapists })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Figure
          testId="home-waiting"
          title={t('home.waiting.title')}
          value={n.waitingPatients}
          detail={
            n.oldestWaitingSince
              ? t('home.waiting.oldest', { date: formatDate(n.oldestWaitingSince) })
              : t('home.waiting.none')
          }
          link={intake}
          linkText={t('home.waiting.link')}
        />
        <Figure
          testId="home-risk"
          title={t('home.risk.title')}
          value={n.unacknowledgedRiskPatients}
          detail={t('home.risk.hint')}
          link={intake}
          linkText={t('home.risk.link')}
          urgent={n.unacknowledgedRiskPatients > 0}
        />
        <Figure
          testId="home-invitations"
          title={t('home.invitations.title')}
          value={n.invitationsPending}
          link={organisationPage}
          linkText={t('home.invitations.link')}
        />
        <Figure
          testId="home-places"
          title={t('home.places.title')}
          value={
            n.placesMax === null
              ? t('home.places.noLimit', { used: n.placesUsed })
              : t('home.places.value', { used: n.placesUsed, max: n.placesMax })
          }
          link={organisationPage}
          linkText={t('home.places.link')}
        />
        <Figure
          testId="home-reports"
          title={t('home.reports.title')}
          value={n.reportsReady}
          link={paths.reports}
          linkText={t('home.reports.link')}
        />
      </SimpleGrid>
    </Stack>
  );
}

function Figure(props: {
  testId: string;
  title: string;
  value: ReactNode;
  detail?: string;
  link: string;
  linkText: string;
  urgent?: boolean;
}) {
  const id = `${props.testId}-title`;
  return (
    <Paper withBorder p="md" data-testid={props.testId} component="article" aria-labelledby={id}>
      <Stack gap={4}>
        <Title order={2} size="h5" id={id}>
          {props.title}
        </Title>
        <Text fz="xl" fw={700} c={props.urgent ? 'red.8' : undefined} data-testid={`${props.testId}-value`}>
          {props.value}
        </Text>
        {props.detail ? (
          <Text size="sm" c="dimmed">
            {props.detail}
          </Text>
        ) : null}
        <Anchor component={Link} to={props.link} size="sm">
          {props.linkText}
        </Anchor>
      </Stack>
    </Paper>
  );
}
