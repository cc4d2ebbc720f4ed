import { Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SurveyType } from '@tend/api/model';
import { ProblemAlert, useSubmit } from '@tend/core';
import {
  emptyEditorValues,
  newQuestion,
  suggestUrlSuffix,
  SURVEY_TYPES,
  toSurveyConfig,
  useCreateSurvey,
  type EditorValues,
} from '@tend/domain/surveys';
import { useTranslation } from '@tend/i18n';
import { paths, to } from '../../paths.ts';
import { SurveyFields, useServerFieldErrors, useSurveyValidation } from './SurveyFields.tsx';
import { CreateActions } from '../../components/CreateActions.tsx';

/**
 * A new survey: its kind, wording and questions (with the live preview), created in one call; then its page,
 * where the organisations it goes to are chosen. A failure keeps everything typed.
 */
export function NewSurveyPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [type, setType] = useState<SurveyType>('wellbeing');
  const form = useForm<EditorValues>({
    mode: 'controlled',
    initialValues: { ...emptyEditorValues(), questions: [newQuestion('scale', [])] },
    validate: useSurveyValidation(),
  });
  // The address follows the title until the admin writes one of their own.
  const ownSuffix = useRef(false);
  form.watch('title', ({ value }) => {
    if (!ownSuffix.current) form.setFieldValue('urlSuffix', suggestUrlSuffix(value));
  });
  const creator = useCreateSurvey();
  const submit = useSubmit(creator.mutateAsync, {
    onSuccess: (survey) => void navigate(to(paths.survey, { surveyId: survey.surveyId })),
  });
  useServerFieldErrors(form, submit.problem);

  return (
    <Stack gap="md">
      <Title order={1}>{t('surveys.create.title')}</Title>
      <Text maw={760}>{t('surveys.create.intro')}</Text>
      <form
        noValidate
        onSubmit={form.onSubmit(
          (values) => void submit.submit({ data: { type, config: toSurveyConfig(values) } }),
        )}
      >
        <Stack gap="md">
          <SurveyFields
            form={form}
            onSuffixTyped={() => {
              ownSuffix.current = true;
            }}
            top={
              <Select
                label={t('surveys.fields.type')}
                description={t(`surveys.typeHints.${type}`)}
                data={SURVEY_TYPES.map((v) => ({ value: v, label: t(`surveys.types.${v}`) }))}
                value={type}
                allowDeselect={false}
                onChange={(v) => v && setType(v as SurveyType)}
                maw={360}
              />
            }
          />
          <ProblemAlert problem={submit.problem?.code === 'url_suffix_in_use' ? null : submit.problem} />
          <CreateActions
            pending={submit.pending}
            submitLabel={t('surveys.create.submit')}
            cancelTo={paths.surveys}
            cancelLabel={t('surveys.create.cancel')}
          />
        </Stack>
      </form>
    </Stack>
  );
}
