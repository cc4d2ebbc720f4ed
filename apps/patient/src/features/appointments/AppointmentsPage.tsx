import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { userTimeZone } from '@tend/core/time';
import { AppointmentNotices, useAppointmentSlots } from '@tend/domain/appointments';
import { useTranslation } from '@tend/i18n';
import { Loaded } from '../../components/Loaded.tsx';
import { PageIntro } from '../../components/PageIntro.tsx';
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
      <PageIntro title={t('appointments.title')} intro={t('appointments.intro')} />
      <AppointmentNotices timeZone={userTimeZone()} />
      <Loaded query={slots} failed={t('appointments.loadFailed')}>
        {(availability) =>
          noTherapist ? (
            <Section title={t('appointments.noTherapist.title')}>
              <Text>{t('appointments.noTherapist.text')}</Text>
              <Anchor component={Link} to={paths.careTeam}>
                {t('appointments.noTherapist.link')}
              </Anchor>
            </Section>
          ) : (
            <>
              <MyAppointments availability={availability} />
              <BookSection availability={availability} />
            </>
          )
        }
      </Loaded>
    </Stack>
  );
}
