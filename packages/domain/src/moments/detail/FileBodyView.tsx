import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { Moment } from '@tend/api/model';
import { ProblemAlert, toProblem } from '@tend/core';
import { fileSize } from '../model.ts';
import { useDownloadMomentFile } from '../queries.ts';
import { useMomentWords } from '../words.ts';
import { Field, TextField } from './fields.tsx';

/** A file the patient shared: its name, caption and size, and its download. */
export function FileBodyView({
  moment,
  patientId,
}: {
  moment: Extract<Moment, { eventType: 'file' }>;
  patientId: string;
}) {
  const { td } = useMomentWords();
  const download = useDownloadMomentFile(patientId);
  const size = moment.body.size === undefined ? null : fileSize(moment.body.size);
  return (
    <>
      <TextField label={td('moments.fields.fileName')} text={moment.body.fileName} />
      <TextField label={td('moments.fields.caption')} text={moment.body.caption} />
      <Field label={td('moments.fields.size')}>
        {size ? td(`moments.values.${size.unit}`, { value: size.value }) : null}
      </Field>
      <Group>
        <Button
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          onClick={() => download.mutate(moment)}
          loading={download.isPending}
        >
          {td('moments.file.download', { name: moment.body.fileName })}
        </Button>
      </Group>
      <ProblemAlert
        problem={download.error ? toProblem(download.error) : null}
        onRetry={() => download.mutate(moment)}
      />
    </>
  );
}
