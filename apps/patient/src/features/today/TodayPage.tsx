import { Anchor, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAuth } from '@tend/auth';
import { ProblemAlert, toProblem } from '@tend/core';
import { ActivitySummary } from '@tend/domain/activity';
import { AppointmentNotices } from '@tend/domain/appointments';
import { MessageAlertNotices } from '@tend/domain/message-alerts';
import { ResearchConsentPrompt } from '@tend/domain/research';
import { useLatestCheckup, useLatestScreening, usePendingMoments } from '@tend/domain/moments';
import { SCREENINGS, useScreeningWords, type ScreeningType } from '@tend/domain/screening';
import { useOffered } from '@tend/domain/offered';
import { formatDate, sameDay, userTimeZone } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { PortalGreeting } from '@tend/portal';
import { paths } from '../../paths.ts';
import { tk } from '../../tk.ts';
import { QueryStatus } from '../../components/Loaded.tsx';
import { NextAppointment } from '../../components/NextAppointment.tsx';
import { CardSection } from '../../components/Section.tsx';

/** Today: the greeting, today's check-up prompt, the latest PHQ-9/GAD-7, a progress snapshot, notices, shortcuts. */
export function TodayPage() {
  const { t } = useTranslation('patient');
  const { user } = useAuth();
  // Only what the patient's organisation offers (its app settings).
  const { features } = useOffered(user?.uid);
  return (
    <Stack gap="lg">
      <PortalGreeting intro={tk('today.intro')} />
      <MessageAlertNotices />
      <ResearchConsentPrompt />
      <CheckupPrompt />
      <AppointmentNotices timeZone={userTimeZone()} />
      <NextAppointment />
      {features.screening ? <LatestScreening /> : null}
      <ActivitySummary />
      <Stack gap="xs" component="section" aria-labelledby="shortcuts-heading">
        <Title order={2} size="h4" id="shortcuts-heading">
          {t('today.shortcuts.heading')}
        </Title>
        <Group>
          <Button component={Link} to={paths.breathing} variant="light">
            {t('today.shortcuts.breathing')}
          </Button>
          {features.journal ? (
            <Button component={Link} to={paths.journalNew} variant="light">
              {t('today.shortcuts.journal')}
            </Button>
          ) : null}
          {features.cbt ? (
            <Button component={Link} to={paths.cbt} variant="light">
              {t('today.shortcuts.cbt')}
            </Button>
          ) : null}
          <Button component={Link} to={paths.exercises} variant="light">
            {t('today.shortcuts.exercises')}
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}

function CheckupPrompt() {
  const { t } = useTranslation('patient');
  const { user } = useAuth();
  const latest = useLatestCheckup();
  const pending = usePendingMoments(user?.uid).find(
    (p) => p.moment.eventType === 'checkup' && sameDay(p.moment.start, Date.now()),
  );
  if (latest.isPending && !pending)
    return <Loader size="sm" role="progressbar" aria-label={t('ui.loading')} />;
  const moment = pending?.moment ?? latest.data?.moment ?? null;
  const loggedToday = moment !== null && sameDay(moment.start, Date.now());
  return (
    <CardSection id="checkup-heading" title={t('today.checkup.heading')}>
      {latest.error && !pending ? (
        <ProblemAlert problem={toProblem(latest.error)} onRetry={() => void latest.refetch()} />
      ) : null}
      {loggedToday && moment?.eventType === 'checkup' ? (
        <>
          <Group gap="xs">
            <Text>
              {t('today.checkup.done', {
                mood: t(`checkup.mood.${moment.body.mood as 1 | 2 | 3 | 4 | 5}`),
              })}
            </Text>
            {pending ? <Badge variant="light">{t('ui.waiting')}</Badge> : null}
          </Group>
          <Anchor component={Link} to={paths.checkup}>
            {t('today.checkup.edit')}
          </Anchor>
        </>
      ) : (
        <>
          <Text>{t('today.checkup.prompt')}</Text>
          <Group>
            <Button component={Link} to={paths.checkup}>
              {t('today.checkup.start')}
            </Button>
          </Group>
        </>
      )}
    </CardSection>
  );
}

function LatestScreening() {
  const { t } = useTranslation('patient');
  const { td } = useScreeningWords();
  const latest = useLatestScreening();
  const card = (type: ScreeningType) => {
    const m = latest.data?.[type];
    return (
      <Card withBorder radius="md" key={type}>
        <Stack gap={4}>
          <Text fw={600}>{td(`screening.names.${type}`)}</Text>
          {m ? (
            <>
              <Text>
                {td('screening.score', { total: m.body.total, max: SCREENINGS[type].maxTotal })}:{' '}
                {td(`screening.bands.${m.body.severity}`)}
              </Text>
              <Text size="sm" c="dimmed">
                {formatDate(m.start)}
              </Text>
            </>
          ) : (
            <Text size="sm">{t('today.screening.none')}</Text>
          )}
          <Anchor component={Link} to={`${paths.screening}/${type}`} size="sm">
            {t(m ? 'today.screening.again' : 'today.screening.take')}
          </Anchor>
        </Stack>
      </Card>
    );
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="screening-heading">
      <Title order={2} size="h4" id="screening-heading">
        {t('today.screening.heading')}
      </Title>
      <QueryStatus query={latest} />
      {latest.data ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>{(['phq9', 'gad7'] as const).map(card)}</SimpleGrid>
      ) : null}
    </Stack>
  );
}
