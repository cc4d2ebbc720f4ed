import { Alert, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { sendWelfareEmailBodyPersonalMessageMax } from '@tend/api/zod';
import { ProblemAlert, toProblem, useSubmit } from '@tend/core';
import { useSendWelfareEmail, useWelfareEmailPreview } from '@tend/domain/patient-record';
import { useTranslation } from '@tend/i18n';
import { SafeText, Spinner } from '@tend/ui';
import { CountedTextarea } from '../../components/CountedTextarea.tsx';
import { ConsoleDialog, DialogActions } from '../../components/Dialog.tsx';
import type { PatientDialogProps } from './context.ts';

/**
 * A welfare e-mail to the one person the patient chose as their welfare contact, with a preview of exactly
 * what will be sent (the server's own text), then sent with sendWelfareEmail.
 */
export function WelfareEmailDialog({ opened, onClose, patient }: PatientDialogProps) {
  const { t } = useTranslation('therapist');
  const contact = patient.welfareContact ?? null;
  const [careFirst, setCareFirst] = useState(true);
  const [message, setMessage] = useState('');
  const [debounced] = useDebouncedValue(message, 400);
  const preview = useWelfareEmailPreview(
    patient.patientId,
    { careFirstStyleEmail: careFirst, personalMessage: debounced },
    opened && contact !== null,
  );
  const send = useSendWelfareEmail();
  const submit = useSubmit(() =>
    send.mutateAsync({
      data: {
        patientId: patient.patientId,
        targetEmailAddresses: [contact!.email],
        careFirstStyleEmail: careFirst,
        ...(message.trim() ? { personalMessage: message.trim() } : {}),
      },
    }),
  );
  const close = () => {
    onClose();
    if (submit.succeeded) {
      setMessage('');
      submit.reset();
    }
  };
  const name = patient.firstName;
  return (
    <ConsoleDialog opened={opened} onClose={close} title={t('record.welfare.title', { name })} size="lg">
      {!contact ? (
        <Stack gap="md">
          <Text size="sm">{t('record.welfare.noContact', { name })}</Text>
          <DialogActions onCancel={close} cancelLabel={t('record.close')} />
        </Stack>
      ) : submit.succeeded ? (
        <Stack gap="md">
          <Alert color="tend" title={t('record.welfare.sentTitle')}>
            {t('record.welfare.sent', { contact: contact.name })}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>{t('record.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">{t('record.welfare.intro', { name, contact: contact.name })}</Text>
          <Text size="sm">
            <strong>{t('record.welfare.to')}</strong> {`${contact.name} <${contact.email}>`}
          </Text>
          <Switch
            checked={careFirst}
            onChange={(e) => setCareFirst(e.currentTarget.checked)}
            label={t('record.welfare.careFirst')}
            description={t('record.welfare.careFirstHint')}
          />
          <CountedTextarea
            label={t('record.welfare.message')}
            hint={(used) => t('record.welfare.messageHint', used)}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            maxLength={sendWelfareEmailBodyPersonalMessageMax}
          />
          <Stack gap={4}>
            <Text size="sm" fw={600} id="welfare-preview-heading">
              {t('record.welfare.preview')}
            </Text>
            <Paper
              withBorder
              p="sm"
              aria-labelledby="welfare-preview-heading"
              component="section"
              aria-busy={preview.isFetching}
            >
              {preview.data ? (
                <Stack gap={6}>
                  <Text size="sm">
                    <strong>{t('record.welfare.subject')}</strong> {preview.data.subject}
                  </Text>
                  <SafeText size="sm" data-testid="welfare-preview-text">
                    {preview.data.text}
                  </SafeText>
                </Stack>
              ) : preview.error ? (
                <ProblemAlert problem={toProblem(preview.error)} onRetry={() => void preview.refetch()} />
              ) : (
                <Spinner label={t('record.welfare.previewLoading')} showLabel size="xs" />
              )}
            </Paper>
          </Stack>
          <ProblemAlert problem={submit.problem} />
          <DialogActions onCancel={close} cancelLabel={t('record.cancel')}>
            <Button
              onClick={() => void submit.submit()}
              loading={submit.pending}
              disabled={!preview.data || debounced !== message}
            >
              {t('record.welfare.send', { contact: contact.name })}
            </Button>
          </DialogActions>
        </Stack>
      )}
    </ConsoleDialog>
  );
}
