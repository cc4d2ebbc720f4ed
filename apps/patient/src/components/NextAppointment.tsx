import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime, userTimeZone } from '@tend/core/time';
import { useNextAppointment } from '@tend/domain/appointments';
import { useTranslation } from '@tend/i18n';
import { paths } from '../paths.ts';
import { CardSection } from './Section.tsx';
import { Loaded } from './Loaded.tsx';

/** The patient's next booked appointment (or the way to book one), linking to Appointments. */
export function NextAppointment() {
  const { t } = useTranslation('patient');
  const next = useNextAppointment();
  return (
    <CardSection id="next-appointment-heading" title={t('nextAppointment.title')}>
      <Loaded query={next} failed={t('nextAppointment.loadFailed')} size="sm">
        {(appointment) =>
          appointment ? (
            <>
              <Text style={{ overflowWrap: 'anywhere' }} data-testid="next-appointment">
                {t('nextAppointment.when', {
                  when: formatDateTime(appointment.start, userTimeZone()),
                  name: appointment.therapistName,
                })}
              </Text>
              <Anchor component={Link} to={paths.appointments}>
                {t('nextAppointment.manage')}
              </Anchor>
            </>
          ) : (
            <>
              <Text>{t('nextAppointment.none')}</Text>
              <Anchor component={Link} to={paths.appointments}>
                {t('nextAppointment.book')}
              </Anchor>
            </>
          )
        }
      </Loaded>
    </CardSection>
  );
}
