import { Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import type { Moment } from '@tend/api/model';
import { ProblemAlert, useSubmit } from '@tend/core';
import { MomentTimeline, usePatientMoments } from '@tend/domain/moments';
import { useDeleteNote } from '@tend/domain/patient-record';
import { useMyTherapistDetails } from '@tend/domain/therapist-profile';
import { useTranslation } from '@tend/i18n';
import { useRecord } from './context.ts';
import { MomentDrawer } from './MomentDrawer.tsx';
import { NoteForm } from './NoteForm.tsx';
import { UploadForm } from './UploadForm.tsx';
import { ConsoleDialog } from '../../components/Dialog.tsx';

const TYPES = ['note', 'file'] as const;

/** The care team's clinical notes and the files on the record: write, read, delete (with a confirmation), upload. */
export function NotesTab() {
  const { t } = useTranslation('therapist');
  const { patient, timeZone, isLead } = useRecord();
  const query = usePatientMoments(patient.patientId, { types: TYPES });
  const [open, setOpen] = useState<Moment | null>(null);
  const [confirming, confirm] = useDisclosure(false);
  const remove = useDeleteNote();
  const submit = useSubmit(
    (momentId: string) => remove.mutateAsync({ patientId: patient.patientId, momentId }),
    {
      onSuccess: () => {
        confirm.close();
        setOpen(null);
      },
    },
  );
  const me = useMyTherapistDetails().data?.therapistId;
  // The note's author or the lead therapist (the server decides; this only hides a button that would be refused).
  const mayDelete = (m: Moment) =>
    m.eventType === 'note' && (isLead || (me !== undefined && m.body.authorId === me));
  return (
    <Stack gap="lg">
      <Stack gap="sm" component="section" aria-labelledby="notes-write">
        <Title order={2} size="h3" id="notes-write">
          {t('record.notes.writeTitle')}
        </Title>
        <NoteForm patientId={patient.patientId} patientName={patient.firstName} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="notes-upload">
        <Title order={2} size="h3" id="notes-upload">
          {t('record.notes.uploadTitle')}
        </Title>
        <UploadForm patientId={patient.patientId} />
      </Stack>
      <Divider />
      <Stack gap="sm" component="section" aria-labelledby="notes-list">
        <Title order={2} size="h3" id="notes-list">
          {t('record.notes.listTitle')}
        </Title>
        <MomentTimeline
          query={query}
          onOpen={setOpen}
          timeZone={timeZone}
          label={t('record.notes.listLabel')}
          empty={t('record.notes.empty')}
          height="min(50vh, 520px)"
        />
      </Stack>
      <MomentDrawer
        moment={open}
        onClose={() => setOpen(null)}
        timeZone={timeZone}
        patientId={patient.patientId}
      >
        {open && mayDelete(open) ? (
          <Group mt="lg">
            <Button color="red" variant="light" onClick={confirm.open}>
              {t('record.notes.delete')}
            </Button>
          </Group>
        ) : null}
      </MomentDrawer>
      <ConsoleDialog opened={confirming} onClose={confirm.close} title={t('record.notes.deleteTitle')}>
        <Stack gap="md">
          <Text size="sm">{t('record.notes.deleteIntro', { name: patient.firstName })}</Text>
          <ProblemAlert
            problem={submit.problem}
            message={submit.problem?.status === 403 ? t('record.notes.deleteRefused') : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close} data-autofocus>
              {t('record.notes.keep')}
            </Button>
            <Button
              color="red"
              loading={submit.pending}
              onClick={() => open && void submit.submit(open.momentId)}
            >
              {t('record.notes.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      </ConsoleDialog>
    </Stack>
  );
}
