import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { Appointment } from '@tend/api/model';
import { ProblemAlert, toProblem, useSubmit } from '@tend/core';
import { formatDateTime, formatDay, formatTime } from '@tend/core/time';
import { slotsByDay, useAppointmentSlots, useMoveAppointment } from '@tend/domain/appointments';
import { useTranslation } from '@tend/i18n';
import { Spinner } from '@tend/ui';

interface Values {
  start: string;
  reason: string;
}

/** Moves an appointment to one of the therapist's free times (their own slots), with an optional reason. */
export function MoveDialog({
  appointment,
  zone,
  onClose,
}: {
  appointment: Appointment | null;
  zone: string;
  onClose(): void;
}) {
  const { t } = useTranslation('therapist');
  const opened = appointment !== null;
  const slots = useAppointmentSlots({}, { enabled: opened });
  const move = useMoveAppointment();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { start: '', reason: '' },
    validate: { start: (v) => (v ? null : t('appointments.moveDialog.pickSlot')) },
  });
  const save = useSubmit(
    (v: Values) =>
      move.mutateAsync({
        appointment: appointment!.appointmentId,
        data: { start: v.start, ...(v.reason.trim() ? { reason: v.reason.trim() } : {}) },
      }),
    { form, onSuccess: onClose },
  );
  useEffect(() => {
    if (!opened) return;
    form.reset();
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [appointment]);
  const name = appointment?.patientName ?? '';
  const free = (slots.data?.slots ?? []).filter((s) => s.therapistId === appointment?.therapistId);
  const data = slotsByDay(free, zone).map((d) => ({
    group: formatDay(Date.parse(d.slots[0]!.start), zone),
    items: d.slots.map((s) => ({
      value: s.start,
      label: `${formatDay(s.start, zone)}, ${formatTime(s.start, zone)}`,
    })),
  }));
  const taken = save.problem?.code === 'slot_taken' || save.problem?.code === 'slot_unavailable';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('appointments.moveDialog.title')}
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <form noValidate onSubmit={form.onSubmit((v) => void save.submit(v))}>
        <Stack gap="md">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {appointment
              ? t('appointments.moveDialog.intro', { name, time: formatDateTime(appointment.start, zone) })
              : null}
          </Text>
          {slots.isPending ? (
            <Spinner label={t('appointments.moveDialog.slotsLoading')} showLabel size="sm" />
          ) : slots.error ? (
            <ProblemAlert problem={toProblem(slots.error)} onRetry={() => void slots.refetch()} />
          ) : data.length === 0 ? (
            <Text size="sm">{t('appointments.moveDialog.noSlots')}</Text>
          ) : (
            <Select
              label={t('appointments.moveDialog.slot')}
              data={data}
              searchable={false}
              withAsterisk
              key={form.key('start')}
              {...form.getInputProps('start')}
            />
          )}
          <Textarea
            label={t('appointments.moveDialog.reason', { name })}
            autosize
            minRows={2}
            maxLength={500}
            key={form.key('reason')}
            {...form.getInputProps('reason')}
          />
          <ProblemAlert
            problem={save.problem}
            message={taken ? t('appointments.moveDialog.taken') : undefined}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('appointments.moveDialog.back')}
            </Button>
            <Button type="submit" loading={save.pending} disabled={data.length === 0}>
              {t('appointments.moveDialog.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
