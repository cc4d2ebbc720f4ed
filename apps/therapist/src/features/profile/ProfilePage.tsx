import { Paper, Stack, Text, Title } from '@mantine/core';
import { ProblemAlert, toProblem } from '@tend/domain';
import { useMyTherapistDetails } from '@tend/domain/therapist-profile';
import { useTranslation } from '@tend/i18n';
import { Spinner } from '@tend/ui';
import { BiographyForm } from './BiographyForm.tsx';
import { NameForm } from './NameForm.tsx';
import { TimezoneForm } from './TimezoneForm.tsx';

/** `/profile`: what patients see of the therapist (name, biography) and the timezone everything is shown in. */
export function ProfilePage() {
  const { t } = useTranslation('therapist');
  const details = useMyTherapistDetails();
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1}>{t('profile.title')}</Title>
        <Text c="dimmed">{t('profile.intro')}</Text>
      </Stack>
      {details.isPending ? (
        <Spinner label={t('profile.loading')} showLabel size="sm" />
      ) : details.error || !details.data ? (
        <ProblemAlert problem={toProblem(details.error)} onRetry={() => void details.refetch()} />
      ) : (
        <>
          <Paper withBorder p="md" component="section" aria-labelledby="profile-account">
            <Title order={2} size="h3" id="profile-account">
              {t('profile.account')}
            </Title>
            <Text size="sm" mt="xs">
              {t('profile.email', { email: details.data.email })}
            </Text>
          </Paper>
          <Paper withBorder p="md" component="section" aria-labelledby="profile-name">
            <Title order={2} size="h3" id="profile-name" mb="sm">
              {t('profile.name.title')}
            </Title>
            <NameForm details={details.data} />
          </Paper>
          <Paper withBorder p="md" component="section" aria-labelledby="profile-bio">
            <Title order={2} size="h3" id="profile-bio" mb="sm">
              {t('profile.biography.title')}
            </Title>
            <BiographyForm details={details.data} />
          </Paper>
          <Paper withBorder p="md" component="section" aria-labelledby="profile-zone">
            <Title order={2} size="h3" id="profile-zone" mb="sm">
              {t('profile.timezone.title')}
            </Title>
            <TimezoneForm />
          </Paper>
        </>
      )}
    </Stack>
  );
}
