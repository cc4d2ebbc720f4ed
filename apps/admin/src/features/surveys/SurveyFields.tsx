import { Card, List, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useState, type ChangeEvent, type ReactNode } from 'react';
import { useProblemWords, type Problem } from '@tend/core';
import {
  editorFieldPath,
  editorProblems,
  SURVEY_LIMITS,
  SurveyRenderer,
  toSurveyConfig,
  type EditorQuestion,
  type EditorValues,
  type SurveyAnswers,
} from '@tend/domain/surveys';
import { useTranslation } from '@tend/i18n';
import { QuestionsEditor } from './QuestionsEditor.tsx';
import { SectionHeading } from '../../components/Section.tsx';

/** The editor's rules (the server's checks and the contract's limits), in the admin's words, by form path. */
export function useSurveyValidation() {
  const { t } = useTranslation('admin');
  return (values: EditorValues): Record<string, string | null> => {
    const out: Record<string, string | null> = {};
    for (const [path, rule] of Object.entries(editorProblems(values))) out[path] = t(`surveys.rules.${rule}`);
    return out;
  };
}

/**
 * A failed save's field problems on the form, in words (the server's own reasons are never shown): the server
 * names fields `config/questions/2/options`; an address in use (409) goes under the address.
 */
export function useServerFieldErrors(form: UseFormReturnType<EditorValues>, problem: Problem | null) {
  const { t } = useTranslation('admin');
  const { tc } = useProblemWords();
  const checkThis = tc('problem.fieldInvalid');
  useEffect(() => {
    if (!problem) return;
    const errors: Record<string, string> = {};
    for (const path of Object.keys(problem.fields ?? {})) errors[editorFieldPath(path)] = checkThis;
    if (problem.code === 'url_suffix_in_use') errors.urlSuffix = t('surveys.rules.urlSuffixInUse');
    if (Object.keys(errors).length > 0) form.setErrors(errors);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per problem
  }, [problem]);
}

/** The labels of the fields (also the 412 view's). */
export function useSurveyLabels(): Record<string, ReactNode> {
  const { t } = useTranslation('admin');
  return {
    title: t('surveys.fields.title'),
    description: t('surveys.fields.description'),
    urlSuffix: t('surveys.fields.urlSuffix'),
    questions: t('surveys.fields.questions'),
  };
}

/** How the 412 view shows a value: the questions as a numbered list of their wording. */
export function useSurveyConflictFormat() {
  const { t } = useTranslation('admin');
  return (path: string, value: unknown): ReactNode => {
    if (path === 'questions' && Array.isArray(value)) {
      const questions = value as EditorQuestion[];
      return (
        <List type="ordered" size="sm">
          {questions.map((q, i) => (
            <List.Item key={q.id}>
              {q.text || t('surveys.editor.untitled', { n: i + 1 })} ({t(`surveys.kinds.${q.type}`)}
              {q.required ? `, ${t('surveys.editor.required', { n: i + 1 })}` : ''})
            </List.Item>
          ))}
        </List>
      );
    }
    if (value === undefined || value === null || value === '') return null;
    return String(value);
  };
}

/** The survey's wording and questions on the left, the live preview (the patient app's renderer) on the right. */
export function SurveyFields({
  form,
  top,
  onSuffixTyped,
}: {
  form: UseFormReturnType<EditorValues>;
  top?: ReactNode;
  onSuffixTyped?: () => void;
}) {
  const { t } = useTranslation('admin');
  const suffix = form.getInputProps('urlSuffix');
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
      <Stack gap="md">
        {top}
        <TextInput
          label={t('surveys.fields.title')}
          description={t('surveys.fields.titleHint')}
          maxLength={SURVEY_LIMITS.title}
          withAsterisk
          {...form.getInputProps('title')}
        />
        <Textarea
          label={t('surveys.fields.description')}
          description={t('surveys.fields.descriptionHint')}
          autosize
          minRows={2}
          maxLength={SURVEY_LIMITS.description}
          {...form.getInputProps('description')}
        />
        <TextInput
          label={t('surveys.fields.urlSuffix')}
          description={t('surveys.fields.urlSuffixHint')}
          maxLength={64}
          withAsterisk
          {...suffix}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            onSuffixTyped?.();
            (suffix.onChange as (e: ChangeEvent<HTMLInputElement>) => void)(event);
          }}
        />
        <Title order={2} size="h3">
          {t('surveys.fields.questions')}
        </Title>
        <QuestionsEditor form={form} />
      </Stack>
      <SurveyPreview values={form.getValues()} />
    </SimpleGrid>
  );
}

/** What patients see, drawn by the patient app's SurveyRenderer; the answers stay here (nothing is sent). */
function SurveyPreview({ values }: { values: EditorValues }) {
  const { t } = useTranslation('admin');
  const [answers, setAnswers] = useState<SurveyAnswers>({});
  const config = toSurveyConfig(values);
  const survey = {
    title: config.title || t('surveys.create.title'),
    description: config.description,
    questions: config.questions.map((q, i) => ({
      ...q,
      text: q.text || t('surveys.editor.untitled', { n: i + 1 }),
    })),
  };
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby="survey-preview-title"
      style={{ alignSelf: 'start', position: 'sticky', top: 16 }}
    >
      <Stack gap="md">
        <SectionHeading
          titleId="survey-preview-title"
          title={t('surveys.preview.title')}
          lines={[t('surveys.preview.intro')]}
        />
        <SurveyRenderer
          survey={survey}
          answers={answers}
          headingLevel={3}
          onChange={(id, answer) =>
            setAnswers((current) => {
              const next = { ...current };
              if (answer === undefined) delete next[id];
              else next[id] = answer;
              return next;
            })
          }
        />
      </Stack>
    </Card>
  );
}
