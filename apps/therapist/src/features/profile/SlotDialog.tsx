import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { AvailabilitySlot } from '@tend/api/model';
import { ProblemAlert, useSubmit } from '@tend/core';
import {
  DAYS_OF_WEEK,
  findOverlap,
  toMinutes,
  useCreateSlot,
  useDeleteSlot,
  useUpdateSlot,
} from '@tend/domain/therapist-profile';
import { useTranslation } from '@tend/i18n';
import { AffectedAppointments } from './AffectedAppointments.tsx';
import { dayName } from './days.ts';
import { ConsoleDialog } from '../../components/Dialog.tsx';

interface Values {
  dayOfWeek: string;
  start: string;
  end: string;
}

/** `00:00` as an end means midnight at the end of the day (the contract's `24:00`). */
const endOf = (end: string) => (end === '00:00' ? '24:00' : end);

/** Adds a weekly slot, or changes or deletes one; an overlap is refused with the slot it meets named. */
export function SlotDialog({
  opened,
  slot,
  slots,
  timeZone,
  onClose,
}: {
  opened: boolean;
  slot: AvailabilitySlot | null;
  slots: readonly AvailabilitySlot[];
  timeZone: string;
  onClose(): void;
}) {
  const { t } = useTranslation('therapist');
  const create = useCreateSlot();
  const update = useUpdateSlot();
  const remove = useDeleteSlot();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { dayOfWeek: '1', start: '09:00', end: '17:00' },
    validate: {
      start: (value) => (Number.isNaN(toMinutes(value)) ? t('availability.form.badTime') : null),
      end: (value, values) => {
        const end = toMinutes(endOf(value));
        if (Number.isNaN(end)) return t('availability.form.badTime');
        if (end <= toMinutes(values.start)) return t('availability.form.endAfterStart');
        const clash = findOverlap(
          slots,
          { dayOfWeek: Number(values.dayOfWeek), start: values.start, end: endOf(value) },
          slot?.id,
        );
        return clash
          ? t('availability.form.overlap', {
              day: dayName(clash.dayOfWeek),
              start: clash.start,
              end: clash.end,
            })
          : null;
      },
    },
  });
  useEffect(() => {
    if (!opened) return;
    form.setValues(
      slot
        ? {
            dayOfWeek: String(slot.dayOfWeek),
            start: slot.start,
            end: slot.end === '24:00' ? '00:00' : slot.end,
          }
        : { dayOfWeek: '1', start: '09:00', end: '17:00' },
    );
    form.resetDirty();
    save.reset();
    del.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, slot]);
  const save = useSubmit(
    (values: Values) => {
      const body = { dayOfWeek: Number(values.dayOfWeek), start: values.start, end: endOf(values.end) };
      return slot
        ? update.mutateAsync({ data: { ...body, id: slot.id } })
        : create.mutateAsync({ data: body });
    },
    { form, onSuccess: onClose },
  );
  const del = useSubmit(() => remove.mutateAsync({ params: { slotId: slot!.id } }), { onSuccess: onClose });
  const overlapMessage = save.problem?.code === 'overlap' ? t('availability.form.overlapServer') : undefined;
  return (
    <ConsoleDialog
      opened={opened}
      onClose={onClose}
      title={slot ? t('availability.form.editTitle') : t('availability.form.addTitle')}
    >
      <form noValidate onSubmit={form.onSubmit((values) => void save.submit(values))}>
        <Stack gap="md">
          <Text size="sm">{t('availability.form.intro', { zone: timeZone })}</Text>
          <Select
            label={t('availability.form.day')}
            data={DAYS_OF_WEEK.map((d) => ({ value: String(d), label: dayName(d) }))}
            allowDeselect={false}
            withAsterisk
            key={form.key('dayOfWeek')}
            {...form.getInputProps('dayOfWeek')}
          />
          <Group grow align="flex-start">
            <TimeInput
              label={t('availability.form.start')}
              withAsterisk
              key={form.key('start')}
              {...form.getInputProps('start')}
            />
            <TimeInput
              label={t('availability.form.end')}
              description={t('availability.form.endHint')}
              withAsterisk
              key={form.key('end')}
              {...form.getInputProps('end')}
            />
          </Group>
          {save.problem?.code === 'appointments_affected' ? (
            <AffectedAppointments problem={save.problem} timeZone={timeZone} />
          ) : (
            <ProblemAlert problem={save.problem} message={overlapMessage} />
          )}
          {del.problem?.code === 'appointments_affected' ? (
            <AffectedAppointments problem={del.problem} timeZone={timeZone} />
          ) : (
            <ProblemAlert problem={del.problem} />
          )}
          <Group justify="space-between">
            {slot ? (
              <Button color="red" variant="light" loading={del.pending} onClick={() => void del.submit()}>
                {t('availability.form.delete')}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t('availability.form.cancel')}
              </Button>
              <Button type="submit" loading={save.pending}>
                {slot ? t('availability.form.save') : t('availability.form.add')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </ConsoleDialog>
  );
}
