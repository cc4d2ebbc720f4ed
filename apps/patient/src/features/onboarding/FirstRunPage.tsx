import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeartHandshake, IconInfoCircle, IconLifebuoy, IconMoodSmile } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { openCrisisPanel } from '@tend/domain/crisis';
import { useFirstRun, type FirstRunOutcome } from '@tend/domain/patient-metadata';
import { usePendingOnboarding } from '@tend/domain/surveys';
import { useTranslation } from '@tend/i18n';
import { paths } from '../../paths.ts';

function Section({
  id,
  icon,
  color = 'tend',
  title,
  children,
}: {
  id: string;
  icon: ReactNode;
  color?: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={`first-run-${id}`}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon size="xl" radius="xl" variant="light" color={color} aria-hidden="true">
          {icon}
        </ThemeIcon>
        <Stack gap="xs" miw={0}>
          <Title order={2} size="h3" id={`first-run-${id}`}>
            {title}
          </Title>
          {children}
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * /welcome/start: the first-run welcome every new patient sees once, at their first sign-in: what Tend is
 * and is not, where help is, how to connect with a therapist, and one small first step. Skipping or going on
 * stores the outcome on the server (it is not shown again on any device). When the organisation has a
 * welcome survey, it comes next (the gate sends the patient there), followed by the tour.
 */
export function FirstRunPage() {
  const { t } = useTranslation('patient');
  const navigate = useNavigate();
  const firstRun = useFirstRun();
  const survey = usePendingOnboarding();
  const surveyNext = Boolean(survey.pending);

  const leave = async (outcome: FirstRunOutcome, to: string) => {
    await firstRun.complete(outcome);
    void navigate(surveyNext ? paths.welcome : to, { replace: true });
  };
  // Each way out (skip, the check-up, home) stores the outcome first, and waits while it is being stored.
  const leaveButton = (
    outcome: FirstRunOutcome,
    to: string,
    label: string,
    variant?: 'subtle' | 'default',
  ) => (
    <Button variant={variant} onClick={() => void leave(outcome, to)} disabled={firstRun.completing}>
      {label}
    </Button>
  );
  // Already behind them (another device, or an old link): nothing to show.
  if (firstRun.pending === false && !firstRun.completing) return <Navigate to={paths.today} replace />;

  return (
    <Stack gap="md" maw={720}>
      <Stack gap="xs">
        <Title order={1}>{t('onboarding.firstRun.title')}</Title>
        <Text size="lg">{t('onboarding.firstRun.intro')}</Text>
        <Group>{leaveButton('skipped', paths.today, t('onboarding.firstRun.skip'), 'subtle')}</Group>
      </Stack>
      <Section id="what" icon={<IconInfoCircle size={24} />} title={t('onboarding.firstRun.what.heading')}>
        <Text>{t('onboarding.firstRun.what.is')}</Text>
        <Text>{t('onboarding.firstRun.what.isNot')}</Text>
      </Section>
      <Section
        id="help"
        color="red"
        icon={<IconLifebuoy size={24} />}
        title={t('onboarding.firstRun.help.heading')}
      >
        <Text>{t('onboarding.firstRun.help.body')}</Text>
        <Group>
          <Button variant="default" onClick={() => openCrisisPanel('help')}>
            {t('onboarding.firstRun.help.open')}
          </Button>
        </Group>
      </Section>
      <Section
        id="therapist"
        icon={<IconHeartHandshake size={24} />}
        title={t('onboarding.firstRun.therapist.heading')}
      >
        <Text>{t('onboarding.firstRun.therapist.body')}</Text>
        <Text size="sm">{t('onboarding.firstRun.therapist.where')}</Text>
      </Section>
      <Section id="step" icon={<IconMoodSmile size={24} />} title={t('onboarding.firstRun.step.heading')}>
        <Text>{t('onboarding.firstRun.step.body')}</Text>
        {surveyNext ? <Text size="sm">{t('onboarding.firstRun.surveyNext')}</Text> : null}
      </Section>
      <Group>
        {leaveButton(
          'finished',
          paths.checkup,
          surveyNext ? t('onboarding.firstRun.toSurvey') : t('onboarding.firstRun.startCheckup'),
        )}
        {leaveButton('finished', paths.today, t('onboarding.firstRun.home'), 'default')}
      </Group>
    </Stack>
  );
}
