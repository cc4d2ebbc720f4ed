import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ProblemAlert, useSubmit } from '@tend/core';
import { useDeleteSurvey } from '@tend/domain/surveys';
import { useTranslation } from '@tend/i18n';
import { paths } from '../../paths.ts';
import { SurveyPart } from './SurveyPart.tsx';

/**
 * Deleting the survey, after a confirmation that names it and says what happens: patients stop seeing it; the
 * answers they gave are kept for reports.
 */
export function DeleteSurvey({
  surveyId,
  title,
  responses,
}: {
  surveyId: string;
  title: string;
  responses: number | undefined;
}) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const deleter = useDeleteSurvey();
  const submit = useSubmit(() => deleter.mutateAsync({ surveyId }), {
    onSuccess: () => void navigate(paths.surveys),
  });
  const close = () => {
    setOpen(false);
    submit.reset();
  };
  return (
    <SurveyPart
      titleId="survey-delete-title"
      title={t('surveys.delete.title')}
      intro={t('surveys.delete.intro')}
    >
      <Group>
        <Button color="red.9" variant="outline" onClick={() => setOpen(true)}>
          {t('surveys.delete.open')}
        </Button>
      </Group>
      <Modal
        opened={open}
        onClose={close}
        title={t('surveys.delete.confirmTitle', { title })}
        closeButtonProps={{ 'aria-label': t('surveys.delete.no') }}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {responses === undefined
              ? t('surveys.delete.confirmUnknown', { title })
              : t('surveys.delete.confirm', { title, count: responses })}
          </Text>
          {submit.problem?.kind === 'forbidden' ? (
            <ProblemAlert problem={submit.problem} message={t('surveys.delete.forbidden')} />
          ) : (
            <ProblemAlert problem={submit.problem} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              {t('surveys.delete.no')}
            </Button>
            <Button color="red.9" loading={submit.pending} onClick={() => void submit.submit(undefined)}>
              {t('surveys.delete.yes')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SurveyPart>
  );
}
