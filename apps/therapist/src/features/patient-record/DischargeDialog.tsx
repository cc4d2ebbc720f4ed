import { Button, Group, List, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ProblemAlert, useSubmit } from '@tend/core';
import { useDischargePatient } from '@tend/domain/caseload';
import { useTranslation } from '@tend/i18n';
import { paths } from '../../paths.ts';
import { ConsoleDialog } from '../../components/Dialog.tsx';
import type { PatientDialogProps } from './context.ts';

/** Ends the therapist's care of the patient after a confirmation naming the patient and what ends. */
export function DischargeDialog({
  opened,
  onClose,
  patient,
  isLead,
}: PatientDialogProps & { isLead: boolean }) {
  const { t } = useTranslation('therapist');
  const navigate = useNavigate();
  const discharge = useDischargePatient();
  const submit = useSubmit(() => discharge.mutateAsync({ patientId: patient.patientId }), {
    onSuccess: () =>
      void navigate(paths.caseload, { state: { discharged: `${patient.firstName} ${patient.lastName}` } }),
  });
  const name = `${patient.firstName} ${patient.lastName}`.trim();
  const next = isLead ? patient.therapists.find((m) => !m.isLead) : undefined;
  return (
    <ConsoleDialog opened={opened} onClose={onClose} title={t('record.discharge.title', { name })}>
      <Stack gap="md">
        <Text size="sm">{t('record.discharge.intro', { name })}</Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('record.discharge.endsRecord', { name })}</List.Item>
          <List.Item>{t('record.discharge.endsAlerts')}</List.Item>
          <List.Item>{t('record.discharge.endsSharing')}</List.Item>
          <List.Item>{t('record.discharge.dataStays', { name })}</List.Item>
          {isLead ? (
            <List.Item>
              {next
                ? t('record.discharge.leadPasses', { next: `${next.firstName} ${next.lastName}` })
                : t('record.discharge.noOneLeft', { name })}
            </List.Item>
          ) : null}
        </List>
        <ProblemAlert problem={submit.problem} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('record.discharge.keep', { name })}
          </Button>
          <Button color="red" loading={submit.pending} onClick={() => void submit.submit()}>
            {t('record.discharge.confirm', { name })}
          </Button>
        </Group>
      </Stack>
    </ConsoleDialog>
  );
}
