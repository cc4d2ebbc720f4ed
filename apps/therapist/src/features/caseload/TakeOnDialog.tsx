import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { redeemPatientAccessCodeBodyAccessCodeMax } from '@tend/api/zod';
import { ProblemAlert, useSubmit } from '@tend/core';
import { patientName, useTakeOnPatient } from '@tend/domain/caseload';
import { useTranslation } from '@tend/i18n';
import { useValidators } from '@tend/ui';
import { paths, patientPath } from '../../paths.ts';
import { ConsoleDialog, DialogActions } from '../../components/Dialog.tsx';

/** Takes on a patient by the code their app shows (redeemPatientAccessCode). */
export function TakeOnDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation('therapist');
  const v = useValidators();
  const takeOn = useTakeOnPatient();
  const form = useForm({
    mode: 'controlled',
    initialValues: { accessCode: '' },
    validate: { accessCode: v.required() },
  });
  const submit = useSubmit((accessCode: string) => takeOn.mutateAsync({ data: { accessCode } }), { form });
  const done = submit.data;
  const close = () => {
    onClose();
    form.reset();
    submit.reset();
  };
  const problemMessage =
    submit.problem?.code === 'invalid_access_code'
      ? t('caseload.takeOn.unknownCode')
      : submit.problem?.fields && Object.keys(submit.problem.fields).length
        ? t('caseload.takeOn.badCode')
        : undefined;
  return (
    <ConsoleDialog opened={opened} onClose={close} title={t('caseload.takeOn.title')}>
      {done ? (
        <Stack gap="md">
          <Alert color="tend" title={t('caseload.takeOn.doneTitle')}>
            <Text size="sm">
              {done.isLead
                ? t('caseload.takeOn.doneLead', { name: patientName(done) })
                : t('caseload.takeOn.doneInvited', { name: patientName(done) })}
            </Text>
          </Alert>
          <DialogActions onCancel={close} cancelLabel={t('caseload.takeOn.close')}>
            <Anchor component={Link} to={patientPath(paths.patient, done.patientId)} onClick={close}>
              {t('caseload.takeOn.openRecord', { name: patientName(done) })}
            </Anchor>
          </DialogActions>
        </Stack>
      ) : (
        <form noValidate onSubmit={form.onSubmit((values) => void submit.submit(values.accessCode.trim()))}>
          <Stack gap="md">
            <Text size="sm">{t('caseload.takeOn.intro')}</Text>
            <TextInput
              label={t('caseload.takeOn.code')}
              description={t('caseload.takeOn.codeHint')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={redeemPatientAccessCodeBodyAccessCodeMax}
              withAsterisk
              data-autofocus
              key={form.key('accessCode')}
              {...form.getInputProps('accessCode')}
            />
            <ProblemAlert problem={submit.problem} message={problemMessage} />
            <DialogActions onCancel={close} cancelLabel={t('caseload.takeOn.cancel')}>
              <Button type="submit" loading={submit.pending}>
                {t('caseload.takeOn.submit')}
              </Button>
            </DialogActions>
          </Stack>
        </form>
      )}
    </ConsoleDialog>
  );
}
