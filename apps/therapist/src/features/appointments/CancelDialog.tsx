import { useForm } from '@mantine/form';
import { useSubmit } from '@tend/core';
import { useCancelAppointment } from '@tend/domain/appointments';
import { useTranslation } from '@tend/i18n';
import { AppointmentDialog, type AppointmentActionProps } from './AppointmentDialog.tsx';

/** Cancels an appointment with a reason the patient reads (in the app and in their e-mail). */
export function CancelDialog(props: AppointmentActionProps) {
  const { appointment, onClose } = props;
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
  return (
    <AppointmentDialog
      {...props}
      form={form}
      save={save}
      title={t('appointments.cancelDialog.title')}
      intro={(time) => t('appointments.cancelDialog.intro', { name, time })}
      backLabel={t('appointments.cancelDialog.back')}
      submitLabel={t('appointments.cancelDialog.submit')}
      submitColor="red"
      reasonLabel={t('appointments.cancelDialog.reason', { name })}
      reasonRequired
    />
  );
}
