import { Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useAuth } from '@tend/auth';
import { usePendingOnboarding } from '@tend/domain/surveys';
import { useTranslation } from '@tend/i18n';
import { PageLoader } from '@tend/ui';
import { paths } from '../../paths.ts';
import { OnboardingSurvey } from './OnboardingSurvey.tsx';
import { LoadFailed } from '../../components/Loaded.tsx';

/**
 * /welcome: the organisation's onboarding survey the patient has not answered yet. The survey shown is the
 * one found when the page opened (sending it makes the list say "done", which must not pull the page away
 * before the tour). Nothing to answer: on to the home page.
 */
export function OnboardingPage() {
  const { t } = useTranslation('patient');
  const { user } = useAuth();
  const onboarding = usePendingOnboarding();
  const [shown, setShown] = useState(onboarding.pending);
  if (shown === undefined && onboarding.pending !== undefined) setShown(onboarding.pending);

  if (shown) return <OnboardingSurvey key={shown.urlSuffix} session={shown} userId={user?.uid} />;
  if (onboarding.error && onboarding.pending === undefined) {
    return (
      <Stack gap="md" maw={720}>
        <Title order={1}>{t('onboarding.title')}</Title>
        <LoadFailed query={onboarding} failed={t('onboarding.loadFailed')}>
          <Group>
            <Button component={Link} to={paths.today} variant="default">
              {t('onboarding.goHome')}
            </Button>
          </Group>
        </LoadFailed>
      </Stack>
    );
  }
  if (onboarding.pending === undefined) return <PageLoader label={t('onboarding.loading')} />;
  return <Navigate to={paths.today} replace />;
}
