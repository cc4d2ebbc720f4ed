import { Button, Group, Stack, Text } from '@mantine/core';
import type { AppointmentSlots } from '@tend/api/model';
import { isPast, useAppointments } from '@tend/domain/appointments';
import { useTranslation } from '@tend/i18n';
import { Section } from '../../components/Section.tsx';
import { AppointmentCard } from './AppointmentCard.tsx';
import { Loaded } from '../../components/Loaded.tsx';

/** My appointments: the upcoming booked ones, each with join, move and cancel. */
export function MyAppointments({ availability }: { availability: AppointmentSlots }) {
  const { t } = useTranslation('patient');
  const list = useAppointments({ status: 'booked' });
  const items = (list.data?.pages.flatMap((p) => p.items) ?? []).filter((a) => !isPast(a));
  return (
    <Section title={t('appointments.mine.title')}>
      <Loaded query={list} failed={t('appointments.mine.loadFailed')}>
        {() =>
          items.length === 0 ? (
            <Text>{t('appointments.mine.empty')}</Text>
          ) : (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {items.map((appointment) => (
                <AppointmentCard
                  key={appointment.appointmentId}
                  appointment={appointment}
                  availability={availability}
                  onTimeForLink={list.refetch}
                />
              ))}
            </Stack>
          )
        }
      </Loaded>
      {list.hasNextPage ? (
        <Group>
          <Button
            variant="subtle"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('appointments.mine.more')}
          </Button>
        </Group>
      ) : null}
    </Section>
  );
}
