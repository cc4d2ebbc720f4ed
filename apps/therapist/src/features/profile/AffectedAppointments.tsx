import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Problem } from '@tend/core';
import { formatDateTime } from '@tend/core/time';
import { affectedAppointmentsOf } from '@tend/domain/appointments';
import { useTranslation } from '@tend/i18n';
import { paths } from '../../paths.ts';

/**
 * A 409 `appointments_affected` in words: the booked appointments a change of hours would leave stranded,
 * named, to move or cancel first. Nothing for any other problem.
 */
export function AffectedAppointments({ problem, timeZone }: { problem: Problem | null; timeZone: string }) {
  const { t } = useTranslation('therapist');
  if (problem?.code !== 'appointments_affected') return null;
  const list = affectedAppointmentsOf(problem.details);
  return (
    <Alert color="orange" role="alert" data-testid="appointments-affected">
      <Text size="sm">{t('appointments.affected.intro', { count: list.length })}</Text>
      <List size="sm" mt={4}>
        {list.map((a) => (
          <List.Item key={a.appointmentId} style={{ overflowWrap: 'anywhere' }}>
            {t('appointments.affected.item', {
              name: a.patientName,
              time: formatDateTime(a.start, timeZone),
            })}
          </List.Item>
        ))}
      </List>
      <Anchor component={Link} to={paths.appointments} size="sm">
        {t('appointments.nav')}
      </Anchor>
    </Alert>
  );
}
