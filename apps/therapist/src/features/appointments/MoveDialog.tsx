import { Select, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ProblemAlert, toProblem, useSubmit } from '@tend/core';
import { formatDay, formatTime } from '@tend/core/time';
import { slotsByDay, useAppointmentSlots, useMoveAppointment } from '@tend/domain/appointments';
import { useTranslation } from '@tend/i18n';
import { Spinner } from '@tend/ui';
import { AppointmentDialog, type AppointmentActionProps } from './AppointmentDialog.tsx';

interface Values {
  start: string;
  reason: string;
}

/** Moves an appointment to one of the therapist's free times (their own slots), with an optional reason. */
export function MoveDialog(props: AppointmentActionProps) {
  const { appointment, zone, onClose } = props;
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
    <AppointmentDialog
      {...props}
      form={form}
      save={save}
      title={t('appointments.moveDialog.title')}
      intro={(time) => t('appointments.moveDialog.intro', { name, time })}
      message={taken ? t('appointments.moveDialog.taken') : undefined}
      backLabel={t('appointments.moveDialog.back')}
      submitLabel={t('appointments.moveDialog.submit')}
      submitDisabled={data.length === 0}
      reasonLabel={t('appointments.moveDialog.reason', { name })}
    >
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
    </AppointmentDialog>
  );
}
