import { Anchor, Loader, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ProblemAlert, toProblem } from '@tend/core';
import { formatDateTime, userTimeZone } from '@tend/core/time';
import { useNextAppointment } from '@tend/domain/appointments';
import { useTranslation } from '@tend/i18n';
import { paths } from '../paths.ts';
import { CardSection } from './Section.tsx';

/** The patient's next booked appointment (or the way to book one), linking to Appointments. */
export function NextAppointment() {
  const { t } = useTranslation('patient');
  const next = useNextAppointment();
  return (
    <CardSection id="next-appointment-heading" title={t('nextAppointment.title')}>
      {next.isPending ? (
        <Loader size="sm" role="progressbar" aria-label={t('ui.loading')} />
      ) : next.isError && next.data === undefined ? (
        <ProblemAlert
          problem={toProblem(next.error)}
          message={t('nextAppointment.loadFailed')}
          onRetry={() => void next.refetch()}
        />
      ) : next.data ? (
        <>
          <Text style={{ overflowWrap: 'anywhere' }} data-testid="next-appointment">
            {t('nextAppointment.when', {
              when: formatDateTime(next.data.start, userTimeZone()),
              name: next.data.therapistName,
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
      )}
    </CardSection>
  );
}
