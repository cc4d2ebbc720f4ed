import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ProblemAlert, toProblem } from '@tend/core';
import { useMyTherapistDetails } from '@tend/domain/therapist-profile';
import { useTranslation } from '@tend/i18n';
import { Spinner } from '@tend/ui';
import { BiographyForm } from './BiographyForm.tsx';
import { NameForm } from './NameForm.tsx';
import { TimezoneForm } from './TimezoneForm.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';

/** `/profile`: what patients see of the therapist (name, biography) and the timezone everything is shown in. */
export function ProfilePage() {
  const { t } = useTranslation('therapist');
  const details = useMyTherapistDetails();
  return (
    <Stack gap="lg">
      <PageTitle title={t('profile.title')} intro={t('profile.intro')} />
      {details.isPending ? (
        <Spinner label={t('profile.loading')} showLabel size="sm" />
      ) : details.error || !details.data ? (
        <ProblemAlert problem={toProblem(details.error)} onRetry={() => void details.refetch()} />
      ) : (
        <>
          <Section id="profile-account" title={t('profile.account')}>
            <Text size="sm">{t('profile.email', { email: details.data.email })}</Text>
          </Section>
          <Section id="profile-name" title={t('profile.name.title')}>
            <NameForm details={details.data} />
          </Section>
          <Section id="profile-bio" title={t('profile.biography.title')}>
            <BiographyForm details={details.data} />
          </Section>
          <Section id="profile-zone" title={t('profile.timezone.title')}>
            <TimezoneForm />
          </Section>
        </>
      )}
    </Stack>
  );
}

/** One titled part of the profile (a region named by its heading). */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
