import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { renameReportBody } from '@tend/api/zod';
import { ProblemAlert, useSubmit, formRules } from '@tend/core';
import { useRenameReport, type Report } from '@tend/domain/reports';
import { useTranslation } from '@tend/i18n';

const rules = formRules(renameReportBody);

/** Renames a report in a dialog (renameReport); a failed save keeps the name typed. */
export function RenameReportModal({ report, onClose }: { report: Report | null; onClose(): void }) {
  const { t } = useTranslation('admin');
  const rename = useRenameReport();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: report?.name ?? '' },
    validate: (v) => rules({ name: v.name.trim() }),
  });
  const submit = useSubmit(
    (v: { name: string }) =>
      rename.mutateAsync({ reportId: report!.reportId, data: { name: v.name.trim() } }),
    { form, onSuccess: onClose },
  );
  const { setValues, resetDirty } = form;
  const { reset } = submit;
  useEffect(() => {
    if (!report) return;
    setValues({ name: report.name });
    resetDirty({ name: report.name });
    reset();
    // a new report opened: start from its name
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [report?.reportId]);
  return (
    <Modal
      opened={report !== null}
      onClose={onClose}
      title={t('reports.rename.title')}
      closeButtonProps={{ 'aria-label': t('reports.rename.close') }}
    >
      <form noValidate onSubmit={form.onSubmit((v) => void submit.submit(v))}>
        <Stack gap="md">
          <TextInput
            label={t('reports.rename.name')}
            withAsterisk
            maxLength={200}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <ProblemAlert problem={submit.problem} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('reports.rename.cancel')}
            </Button>
            <Button type="submit" loading={submit.pending}>
              {t('reports.rename.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
