import { Button, Chip, Group, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import type { AppointmentSlot, AppointmentSlotsTherapistsItem } from '@tend/api/model';
import { formatDay, formatTime, userTimeZone } from '@tend/core/time';
import { slotsByDay, zoneDiffers } from '@tend/domain/appointments';
import { useTranslation } from '@tend/i18n';

/** How many days show at first; the rest one tap away (a phone screen stays short). */
const FIRST_DAYS = 5;

/** A slot's value in the picker: the therapist and the start (both are needed to book it). */
export const slotKey = (s: Pick<AppointmentSlot, 'therapistId' | 'start'>) => `${s.therapistId}|${s.start}`;
export const slotOf = (key: string): { therapistId: string; start: string } => {
  const [therapistId = '', start = ''] = key.split('|');
  return { therapistId, start };
};

/**
 * The free slots by day in the patient's timezone, each a choice (one group of radio chips); the therapist's
 * own time is added where their clock differs, and their name where the care team has more than one.
 */
export function SlotPicker({
  slots,
  therapists,
  value,
  onChange,
  error,
}: {
  slots: readonly AppointmentSlot[];
  therapists: readonly AppointmentSlotsTherapistsItem[];
  value: string;
  onChange: (key: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('patient');
  const id = useId();
  const zone = userTimeZone();
  const [shown, setShown] = useState(FIRST_DAYS);
  const days = slotsByDay(slots, zone);
  const byId = new Map(therapists.map((th) => [th.therapistId, th]));
  const label = (slot: AppointmentSlot) => {
    const therapist = byId.get(slot.therapistId);
    const time = formatTime(slot.start, zone);
    const parts = [time];
    if (therapists.length > 1 && therapist) parts.push(t('appointments.slot.with', { name: therapist.name }));
    if (therapist && zoneDiffers(slot.start, therapist.timezone, zone))
      parts.push(
        t('appointments.slot.theirTime', {
          time: formatTime(slot.start, therapist.timezone),
          zone: therapist.timezone,
        }),
      );
    return parts.join(' · ');
  };
  if (days.length === 0) return <Text>{t('appointments.slot.none')}</Text>;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('appointments.slot.yourTime', { zone })}
      </Text>
      <Chip.Group multiple={false} value={value} onChange={onChange}>
        {days.slice(0, shown).map((day) => (
          <Stack key={day.date} gap={4} role="group" aria-labelledby={`${id}-${day.date}`}>
            <Title order={3} size="h5" id={`${id}-${day.date}`}>
              {formatDay(day.slots[0]!.start, zone)}
            </Title>
            <Group gap="xs">
              {day.slots.map((slot) => (
                <Chip
                  key={slotKey(slot)}
                  value={slotKey(slot)}
                  styles={{ label: { height: 'auto', minHeight: 32, whiteSpace: 'normal' } }}
                >
                  {label(slot)}
                </Chip>
              ))}
            </Group>
          </Stack>
        ))}
      </Chip.Group>
      {shown < days.length ? (
        <Group>
          <Button variant="subtle" onClick={() => setShown((n) => n + FIRST_DAYS)}>
            {t('appointments.slot.more')}
          </Button>
        </Group>
      ) : null}
      {error ? (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
