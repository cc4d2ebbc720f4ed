import { Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { setPatientHighRiskBodyReasonMax } from '@tend/api/zod';
import { ProblemAlert, useSubmit } from '@tend/core';
import { useSetHighRisk } from '@tend/domain/caseload';
import { useTranslation } from '@tend/i18n';
import { useValidators } from '@tend/ui';
import { CountedTextarea } from '../../components/CountedTextarea.tsx';
import { ConsoleDialog, DialogActions } from '../../components/Dialog.tsx';
import type { PatientDialogProps } from './context.ts';

/** Sets or clears the patient's high-risk flag by hand, always with a reason (recorded with who and when). */
export function RiskFlagDialog({ opened, onClose, patient }: PatientDialogProps) {
  const { t } = useTranslation('therapist');
  const v = useValidators();
  const setRisk = useSetHighRisk();
  const raising = !patient.risk.highRisk;
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: { reason: v.required() },
  });
  const submit = useSubmit(
    (reason: string) =>
      setRisk.mutateAsync({ patientId: patient.patientId, data: { highRisk: raising, reason } }),
    {
      form,
      onSuccess: () => {
        form.reset();
        onClose();
      },
    },
  );
  const name = `${patient.firstName} ${patient.lastName}`.trim();
  return (
    <ConsoleDialog
      opened={opened}
      onClose={onClose}
      title={raising ? t('record.flag.setTitle', { name }) : t('record.flag.clearTitle', { name })}
    >
      <form noValidate onSubmit={form.onSubmit((values) => void submit.submit(values.reason.trim()))}>
        <Stack gap="md">
          <Text size="sm">{raising ? t('record.flag.setIntro') : t('record.flag.clearIntro')}</Text>
          <CountedTextarea
            label={t('record.flag.reason')}
            hint={(used) => t('record.flag.reasonHint', used)}
            maxLength={setPatientHighRiskBodyReasonMax}
            withAsterisk
            data-autofocus
            key={form.key('reason')}
            {...form.getInputProps('reason')}
          />
          <ProblemAlert problem={submit.problem} />
          <DialogActions onCancel={onClose} cancelLabel={t('record.cancel')}>
            <Button type="submit" color={raising ? 'red' : undefined} loading={submit.pending}>
              {raising ? t('record.flag.setSubmit') : t('record.flag.clearSubmit')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </ConsoleDialog>
  );
}
