import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { Appointment } from '@tend/api/model';
import { ProblemAlert, useSubmit } from '@tend/core';
import { formatDateTime } from '@tend/core/time';
import { useCancelAppointment } from '@tend/domain/appointments';
import { useTranslation } from '@tend/i18n';

/** Cancels an appointment with a reason the patient reads (in the app and in their e-mail). */
export function CancelDialog({
  appointment,
  zone,
  onClose,
}: {
  appointment: Appointment | null;
  zone: string;
  onClose(): void;
}) {
  const { t } = useTranslation('therapist');
  const cancel = useCancelAppointment();
  const name = appointment?.patientName ?? '';
  const form = useForm<{ reason: string }>({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: { reason: (v) => (v.trim() ? null : t('appointments.cancelDialog.reasonRequired', { name })) },
  });
  const save = useSubmit(
    (v: { reason: string }) =>
      cancel.mutateAsync({ appointment: appointment!.appointmentId, data: { reason: v.reason.trim() } }),
    { form, onSuccess: onClose },
  );
  useEffect(() => {
    if (!appointment) return;
    form.reset();
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [appointment]);
  return (
    <Modal
      opened={appointment !== null}
      onClose={onClose}
      title={t('appointments.cancelDialog.title')}
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      <form noValidate onSubmit={form.onSubmit((v) => void save.submit(v))}>
        <Stack gap="md">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {appointment
              ? t('appointments.cancelDialog.intro', { name, time: formatDateTime(appointment.start, zone) })
              : null}
          </Text>
          <Textarea
            label={t('appointments.cancelDialog.reason', { name })}
            withAsterisk
            autosize
            minRows={2}
            maxLength={500}
            key={form.key('reason')}
            {...form.getInputProps('reason')}
          />
          <ProblemAlert problem={save.problem} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('appointments.cancelDialog.back')}
            </Button>
            <Button type="submit" color="red" loading={save.pending}>
              {t('appointments.cancelDialog.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
