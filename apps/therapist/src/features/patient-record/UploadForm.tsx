import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ProblemAlert, useSubmit } from '@tend/core';
import { ACCEPT_ATTRIBUTE, checkFile, useUploadFile, useUploadWords } from '@tend/domain/patient-record';
import { useTranslation } from '@tend/i18n';

/** Adds a file to the record: the accepted types and the size limit are shown before choosing. */
export function UploadForm({ patientId }: { patientId: string }) {
  const { t } = useTranslation('therapist');
  const words = useUploadWords();
  const upload = useUploadFile(patientId);
  const [file, setFile] = useState<File | null>(null);
  const submit = useSubmit((chosen: File) => upload.mutateAsync(chosen), { onSuccess: () => setFile(null) });
  const problem = file ? checkFile(file) : null;
  return (
    <Stack gap="sm">
      <FileInput
        label={t('record.notes.file')}
        description={words.limits()}
        placeholder={t('record.notes.choose')}
        accept={ACCEPT_ATTRIBUTE}
        value={file}
        onChange={(f) => {
          setFile(f);
          submit.reset();
        }}
        clearable
        error={problem ? words.problem(problem) : undefined}
        leftSection={<IconUpload size={16} aria-hidden="true" />}
      />
      <ProblemAlert problem={submit.problem} />
      {submit.succeeded ? (
        <Text size="sm" c="teal.9" role="status">
          {t('record.notes.uploaded')}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="default"
          disabled={!file || problem !== null}
          loading={submit.pending}
          onClick={() => file && void submit.submit(file)}
        >
          {t('record.notes.upload')}
        </Button>
      </Group>
    </Stack>
  );
}
