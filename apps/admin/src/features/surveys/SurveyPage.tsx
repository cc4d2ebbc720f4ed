import { Anchor, Badge, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { SurveyConfig } from '@tend/api/model';
import { ProblemAlert, reloadOf, useVersionedForm } from '@tend/core';
import {
  emptyEditorValues,
  toEditorValues,
  toSurveyConfig,
  useSaveSurveyConfig,
  useSurveyConfig,
  useSurveySummary,
  type EditorValues,
} from '@tend/domain/surveys';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { paths } from '../../paths.ts';
import { DeleteSurvey } from './DeleteSurvey.tsx';
import { SurveyOrganisations } from './SurveyOrganisations.tsx';
import {
  SurveyFields,
  useServerFieldErrors,
  useSurveyConflictFormat,
  useSurveyLabels,
  useSurveyValidation,
} from './SurveyFields.tsx';
import { VersionedSave } from '../../components/VersionedSave.tsx';
import { ReadFailedPage } from '../../components/ReadFailedPage.tsx';

/**
 * One survey: its wording and questions edited with the live preview and saved with the ETag they were read
 * with (a 412 keeps the admin's edits and shows them against what was saved meanwhile, field by field, with
 * "keep my changes" and "use the saved version"); the organisations it goes to; deleting it.
 */
export function SurveyPage() {
  const { t } = useTranslation('admin');
  const { surveyId = '' } = useParams();
  const config = useSurveyConfig(surveyId);
  const summary = useSurveySummary(surveyId);
  const saver = useSaveSurveyConfig();
  const vf = useVersionedForm<SurveyConfig, EditorValues, SurveyConfig>({
    resource: config.data,
    etag: config.data?.etag,
    initialValues: emptyEditorValues(),
    toValues: toEditorValues,
    save: (values, etag) =>
      saver.mutateAsync({ surveyId, data: toSurveyConfig(values), headers: { ETag: etag } }),
    savedResource: (saved) => saved,
    reload: reloadOf(config),
    validate: useSurveyValidation(),
  });
  useServerFieldErrors(vf.form, vf.problem);
  const labels = useSurveyLabels();
  const format = useSurveyConflictFormat();
  const back = (
    <Anchor component={Link} to={paths.surveys}>
      {t('surveys.edit.back')}
    </Anchor>
  );

  if (config.error && !config.data) {
    return (
      <ReadFailedPage
        title={t('surveys.edit.title')}
        error={config.error}
        notFoundText={t('surveys.edit.notFound')}
        onRetry={() => void config.refetch()}
        back={back}
      />
    );
  }
  if (!vf.ready || !config.data) return <Text role="status">{t('surveys.edit.loading')}</Text>;

  const forbidden = vf.problem?.kind === 'forbidden';
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        {back}
        <Group gap="sm" align="center">
          <Title order={1}>
            <SafeText component="span" inherit>
              {config.data.title}
            </SafeText>
          </Title>
          {summary ? <Badge variant="light">{t(`surveys.types.${summary.type}`)}</Badge> : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t('surveys.edit.answersKept')}
        </Text>
      </Stack>
      <section aria-labelledby="survey-config-title">
        <Title order={2} id="survey-config-title" mb="sm">
          {t('surveys.edit.configTitle')}
        </Title>
        <form noValidate onSubmit={vf.onSubmit}>
          <Stack gap="md">
            <SurveyFields form={vf.form} />
            <VersionedSave
              vf={vf}
              labels={labels}
              format={format}
              problem={
                forbidden ? (
                  <ProblemAlert problem={vf.problem} message={t('surveys.edit.forbidden')} />
                ) : (
                  <ProblemAlert problem={vf.problem?.code === 'url_suffix_in_use' ? null : vf.problem} />
                )
              }
              saveLabel={t('surveys.edit.save')}
              savedText={t('surveys.edit.saved')}
            />
          </Stack>
        </form>
      </section>
      <Divider />
      <SurveyOrganisations surveyId={surveyId} />
      <Divider />
      <DeleteSurvey surveyId={surveyId} title={config.data.title} responses={summary?.responseCount} />
    </Stack>
  );
}
