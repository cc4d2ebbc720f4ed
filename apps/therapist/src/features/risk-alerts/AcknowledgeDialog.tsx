import { Button, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { RiskAlert } from '@tend/api/model';
import { acknowledgeRiskAlertBodyNoteMax } from '@tend/api/zod';
import { ProblemAlert, useSubmit } from '@tend/core';
import { useAcknowledgeAlert } from '@tend/domain/risk-alerts';
import { useTranslation } from '@tend/i18n';
import { ConsoleDialog, DialogActions } from '../../components/Dialog.tsx';

const NOTE_MAX = acknowledgeRiskAlertBodyNoteMax;

/** Records that the therapist has seen the alert and acted, with an optional note of what they did. */
export function AcknowledgeDialog({ alert, onClose }: { alert: RiskAlert | null; onClose(): void }) {
  const { t } = useTranslation('therapist');
  const [note, setNote] = useState('');
  const acknowledge = useAcknowledgeAlert();
  const submit = useSubmit(
    (a: RiskAlert) =>
      acknowledge.mutateAsync({ alertId: a.alertId, data: note.trim() ? { note: note.trim() } : {} }),
    {
      onSuccess: () => {
        setNote('');
        onClose();
      },
    },
  );
  const name = alert ? `${alert.firstName} ${alert.lastName}`.trim() : '';
  return (
    <ConsoleDialog opened={alert !== null} onClose={onClose} title={t('alerts.acknowledge.title', { name })}>
      <Stack gap="md">
        <Text size="sm">{t('alerts.acknowledge.intro')}</Text>
        <Textarea
          label={t('alerts.acknowledge.note')}
          description={t('alerts.acknowledge.noteHint', { count: note.length, max: NOTE_MAX })}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={NOTE_MAX}
          autosize
          minRows={2}
          data-autofocus
        />
        <ProblemAlert
          problem={submit.problem}
          message={submit.problem?.status === 404 ? t('alerts.acknowledge.gone') : undefined}
        />
        <DialogActions onCancel={onClose} cancelLabel={t('alerts.acknowledge.cancel')}>
          <Button loading={submit.pending} onClick={() => alert && void submit.submit(alert)}>
            {t('alerts.acknowledge.submit')}
          </Button>
        </DialogActions>
      </Stack>
    </ConsoleDialog>
  );
}
