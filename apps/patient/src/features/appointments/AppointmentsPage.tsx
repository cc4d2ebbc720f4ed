import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ProblemAlert, toProblem } from '@tend/core';
import { userTimeZone } from '@tend/core/time';
import { AppointmentNotices, useAppointmentSlots } from '@tend/domain/appointments';
import { useTranslation } from '@tend/i18n';
import { Section } from '../../components/Section.tsx';
import { paths } from '../../paths.ts';
import { BookSection } from './BookSection.tsx';
import { MyAppointments } from './MyAppointments.tsx';

/** /appointments: the patient's upcoming appointments (move, cancel, join) and booking a new one. */
export function AppointmentsPage() {
  const { t } = useTranslation('patient');
  const slots = useAppointmentSlots();
  const noTherapist = slots.data !== undefined && slots.data.therapists.length === 0;
  return (
    <Stack gap="xl" maw={760}>
      <Stack gap="xs">
        <Title order={1}>{t('appointments.title')}</Title>
        <Text>{t('appointments.intro')}</Text>
      </Stack>
      <AppointmentNotices timeZone={userTimeZone()} />
      {slots.isPending ? (
        <Loader role="progressbar" aria-label={t('ui.loading')} />
      ) : slots.isError && !slots.data ? (
        <ProblemAlert
          problem={toProblem(slots.error)}
          message={t('appointments.loadFailed')}
          onRetry={() => void slots.refetch()}
        />
      ) : noTherapist ? (
        <Section title={t('appointments.noTherapist.title')}>
          <Text>{t('appointments.noTherapist.text')}</Text>
          <Anchor component={Link} to={paths.careTeam}>
            {t('appointments.noTherapist.link')}
          </Anchor>
        </Section>
      ) : (
        <>
          <MyAppointments availability={slots.data} />
          <BookSection availability={slots.data} />
        </>
      )}
    </Stack>
  );
}
