import { Button, Checkbox, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createPatientNoteQueryNoteMax } from '@tend/api/zod';
import { ProblemAlert, useSubmit } from '@tend/core';
import { useCreateNote } from '@tend/domain/patient-record';
import { useTranslation } from '@tend/i18n';
import { useValidators } from '@tend/ui';
import { CountedTextarea } from '../../components/CountedTextarea.tsx';

/** What the note's text may take in the URL, encoded (Node's request line limit is 16 KB, with headers). */
const MAX_ENCODED = 12_000;

/** A clinical note on the record (private to the care team unless shared with the patient). */
export function NoteForm({ patientId, patientName }: { patientId: string; patientName: string }) {
  const { t } = useTranslation('therapist');
  const v = useValidators();
  const create = useCreateNote();
  const form = useForm({
    mode: 'controlled',
    initialValues: { text: '', visibleToPatient: false },
    // The contract carries the text in the URL (createPatientNote's `note` query parameter), and a request line
    // over ~16 KB is refused by the server before the note is read: measure what the URL will hold.
    validate: {
      text: v.compose(v.required(), (value) =>
        encodeURIComponent(String(value)).length > MAX_ENCODED ? t('record.notes.tooLong') : null,
      ),
    },
  });
  const submit = useSubmit(
    (values: { text: string; visibleToPatient: boolean }) =>
      create.mutateAsync({
        patientId,
        params: { note: values.text },
        data: { visibleToPatient: values.visibleToPatient },
      }),
    { form, onSuccess: () => form.reset() },
  );
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => void submit.submit({ ...values, text: values.text.trim() }))}
    >
      <Stack gap="sm">
        <CountedTextarea
          label={t('record.notes.new')}
          hint={(used) => t('record.notes.newHint', used)}
          maxLength={createPatientNoteQueryNoteMax}
          maxRows={12}
          withAsterisk
          key={form.key('text')}
          {...form.getInputProps('text')}
        />
        <Checkbox
          label={t('record.notes.visible', { name: patientName })}
          key={form.key('visibleToPatient')}
          {...form.getInputProps('visibleToPatient', { type: 'checkbox' })}
        />
        <ProblemAlert problem={submit.problem} />
        <Group>
          <Button type="submit" loading={submit.pending}>
            {t('record.notes.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
