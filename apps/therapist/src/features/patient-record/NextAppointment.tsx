import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDay, formatTime } from '@tend/core/time';
import { useNextAppointment } from '@tend/domain/appointments';
import { useTranslation } from '@tend/i18n';
import { Spinner } from '@tend/ui';
import { paths } from '../../paths.ts';

/** The patient's next booked appointment with this therapist, on their record. */
export function NextAppointment({ patientId, timeZone }: { patientId: string; timeZone?: string }) {
  const { t } = useTranslation('therapist');
  const next = useNextAppointment({ patientId });
  return (
    <Stack gap={6} style={{ flex: '1 1 18rem' }} data-testid="next-appointment">
      <Text size="sm" fw={600}>
        {t('appointments.next.title')}
      </Text>
      {next.isPending ? (
        <Spinner label={t('appointments.loading')} size="xs" />
      ) : next.error ? (
        <Text size="sm" c="dimmed">
          {t('appointments.next.failed')}
        </Text>
      ) : next.data ? (
        <Text size="sm">
          {t('appointments.next.when', {
            day: formatDay(next.data.start, timeZone),
            start: formatTime(next.data.start, timeZone),
            kind: t(`appointments.kind.${next.data.kind}`),
          })}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t('appointments.next.none')}
        </Text>
      )}
      <Anchor component={Link} to={paths.appointments} size="sm">
        {t('appointments.next.open')}
      </Anchor>
    </Stack>
  );
}
