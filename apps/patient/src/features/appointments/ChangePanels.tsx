import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { Appointment, AppointmentSlot, AppointmentSlots } from '@tend/api/model';
import { ProblemAlert, useSubmit, type Problem } from '@tend/core';
import { freeSlotsOf, useCancelAppointment, useMoveAppointment } from '@tend/domain/appointments';
import { useTranslation } from '@tend/i18n';
import { SlotPicker, slotOf } from './SlotPicker.tsx';

const REASON_MAX = 500;

/** Move: a new free slot of the same therapist, with an optional reason. */
export function MovePanel({
  appointment,
  availability,
  onClose,
  onNoticePeriod,
}: {
  appointment: Appointment;
  availability: AppointmentSlots;
  onClose: () => void;
  onNoticePeriod: () => void;
}) {
  const { t } = useTranslation('patient');
  const move = useMoveAppointment();
  const [freeAfterTaken, setFreeAfterTaken] = useState<AppointmentSlot[] | null>(null);
  const form = useForm({
    initialValues: { slot: '', reason: '' },
    validate: {
      slot: (v) => (v ? null : t('appointments.book.chooseSlot')),
      reason: (v) => (v.length > REASON_MAX ? t('appointments.change.tooLong', { max: REASON_MAX }) : null),
    },
  });
  const submission = useSubmit(
    (values: { slot: string; reason: string }) =>
      move.mutateAsync({
        appointment: appointment.appointmentId,
        data: {
          start: slotOf(values.slot).start,
          ...(values.reason.trim() ? { reason: values.reason.trim() } : {}),
        },
      }),
    {
      onSuccess: onClose,
      onProblem: (problem) => {
        if (problem.code === 'notice_period') onNoticePeriod();
        else if (problem.status === 409) {
          setFreeAfterTaken(freeSlotsOf(problem.details));
          form.setFieldValue('slot', '');
        }
      },
    },
  );
  const slots = (freeAfterTaken ?? availability.slots).filter(
    (s) => s.therapistId === appointment.therapistId,
  );
  return (
    <form onSubmit={form.onSubmit((values) => void submission.submit(values))} noValidate>
      <Stack gap="sm">
        <ChangeProblem problem={submission.problem} />
        <SlotPicker
          slots={slots}
          therapists={availability.therapists}
          value={form.values.slot}
          onChange={(key) => form.setFieldValue('slot', key)}
          error={form.errors.slot as string | undefined}
        />
        <Textarea
          label={t('appointments.change.moveReason')}
          autosize
          minRows={2}
          maxLength={REASON_MAX}
          {...form.getInputProps('reason')}
        />
        <ChangeActions
          submit={t('appointments.change.moveSubmit')}
          pending={submission.pending}
          onClose={onClose}
        />
      </Stack>
    </form>
  );
}

/** Cancel, with a reason (the therapist is told). */
export function CancelPanel({
  appointment,
  onClose,
  onNoticePeriod,
}: {
  appointment: Appointment;
  onClose: () => void;
  onNoticePeriod: () => void;
}) {
  const { t } = useTranslation('patient');
  const cancel = useCancelAppointment();
  const form = useForm({
    initialValues: { reason: '' },
    validate: {
      reason: (v) =>
        !v.trim()
          ? t('appointments.change.reasonNeeded')
          : v.length > REASON_MAX
            ? t('appointments.change.tooLong', { max: REASON_MAX })
            : null,
    },
  });
  const submission = useSubmit(
    (values: { reason: string }) =>
      cancel.mutateAsync({ appointment: appointment.appointmentId, data: { reason: values.reason.trim() } }),
    {
      onSuccess: onClose,
      onProblem: (problem) => {
        if (problem.code === 'notice_period') onNoticePeriod();
      },
    },
  );
  return (
    <form onSubmit={form.onSubmit((values) => void submission.submit(values))} noValidate>
      <Stack gap="sm">
        <ChangeProblem problem={submission.problem} />
        <Textarea
          label={t('appointments.change.cancelReason')}
          description={t('appointments.change.cancelHint', { name: appointment.therapistName })}
          autosize
          minRows={2}
          maxLength={REASON_MAX}
          required
          {...form.getInputProps('reason')}
        />
        <ChangeActions
          submit={t('appointments.change.cancelSubmit')}
          color="red"
          pending={submission.pending}
          onClose={onClose}
        />
      </Stack>
    </form>
  );
}

/** A panel's buttons: its submit, and the one that keeps the appointment as it is (closing the panel). */
function ChangeActions({
  submit,
  color,
  pending,
  onClose,
}: {
  submit: string;
  color?: string;
  pending: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('patient');
  return (
    <Group>
      <Button type="submit" color={color} loading={pending}>
        {submit}
      </Button>
      <Button variant="default" onClick={onClose}>
        {t('appointments.change.keep')}
      </Button>
    </Group>
  );
}

/** A slot taken meanwhile in words; anything else through ProblemAlert. */
function ChangeProblem({ problem }: { problem: Problem | null }) {
  const { t } = useTranslation('patient');
  if (problem?.status === 409 && problem.code !== 'notice_period')
    return (
      <Alert color="orange" variant="light" role="alert">
        <Text fw={600}>{t('appointments.book.takenTitle')}</Text>
        <Text size="sm">{t('appointments.book.taken')}</Text>
      </Alert>
    );
  return <ProblemAlert problem={problem} />;
}
