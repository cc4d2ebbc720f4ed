import { Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Appointment } from '@tend/api/model';
import { formatDay, formatTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { byDay } from './range.ts';

/** The appointments under each day of the range (a day without any says so in the week view). */
export function AppointmentDays({
  items,
  days,
  zone,
  onMove,
  onCancel,
}: {
  items: readonly Appointment[];
  days: readonly number[];
  zone: string;
  onMove(a: Appointment): void;
  onCancel(a: Appointment): void;
}) {
  const { t } = useTranslation('therapist');
  const groups = byDay(items, days, zone);
  return (
    <Stack gap="md">
      {groups.map(({ day, items: dayItems }) => (
        <Box component="section" key={day} aria-label={formatDay(day, zone)}>
          {days.length > 1 ? (
            <Title order={3} size="h4" mb={4}>
              {formatDay(day, zone)}
            </Title>
          ) : null}
          {dayItems.length === 0 ? (
            days.length > 1 ? (
              <Text size="sm" c="dimmed">
                {t('appointments.nothingOnDay')}
              </Text>
            ) : null
          ) : (
            <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
              {dayItems.map((a) => {
                const time = formatTime(a.start, zone);
                return (
                  <Paper component="li" withBorder p="sm" key={a.appointmentId} data-testid="appointment">
                    <Group justify="space-between" align="flex-start" gap="xs">
                      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                        <Text fw={600}>
                          {t('appointments.when', { start: time, end: formatTime(a.end, zone) })}
                        </Text>
                        <Text style={{ overflowWrap: 'anywhere' }}>{a.patientName}</Text>
                        <Badge variant="light" w="fit-content">
                          {t(`appointments.kind.${a.kind}`)}
                        </Badge>
                      </Stack>
                      <Group gap="xs">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => onMove(a)}
                          aria-label={t('appointments.moveLabel', { name: a.patientName, time })}
                        >
                          {t('appointments.move')}
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => onCancel(a)}
                          aria-label={t('appointments.cancelLabel', { name: a.patientName, time })}
                        >
                          {t('appointments.cancel')}
                        </Button>
                      </Group>
                    </Group>
                    {a.note ? (
                      <Box mt="xs">
                        <Text size="xs" c="dimmed">
                          {t('appointments.note', { name: a.patientName })}
                        </Text>
                        <SafeText size="sm">{a.note}</SafeText>
                      </Box>
                    ) : (
                      <Text size="xs" c="dimmed" mt="xs">
                        {t('appointments.noNote')}
                      </Text>
                    )}
                    {a.moveReason ? (
                      <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
                        {t('appointments.movedBecause', { reason: a.moveReason })}
                      </Text>
                    ) : null}
                  </Paper>
                );
              })}
            </Stack>
          )}
        </Box>
      ))}
    </Stack>
  );
}
