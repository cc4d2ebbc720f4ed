import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router';
import type { Survey } from '@tend/api/model';
import { useSurveyList } from '@tend/domain/surveys';
import { formatDate } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { RowBadge } from '@tend/ui/virtual-list';
import { PagedList } from '../../components/PagedList.tsx';
import { RowLink } from '../../components/RowLink.tsx';
import { paths, to } from '../../paths.ts';

const ROW_ESTIMATE = 72;

/**
 * The surveys the administrator sees, oldest first, 25 a page (the contract's `startAfter`), virtualised (only
 * the rows in view are in the page) and the next page read as the end comes into view.
 */
export function SurveysPage() {
  const { t } = useTranslation('admin');
  const list = useSurveyList();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Title order={1}>{t('surveys.title')}</Title>
        <Button component={Link} to={paths.surveyNew}>
          {t('surveys.new')}
        </Button>
      </Group>
      <Text maw={760}>{t('surveys.intro')}</Text>
      <PagedList
        query={list}
        items={list.surveys}
        words={{
          loading: t('surveys.loading'),
          loadingMore: t('surveys.loadingMore'),
          empty: t('surveys.empty'),
          failed: t('surveys.failed'),
          failedMore: t('surveys.failedMore'),
        }}
        count={(count, more) => (more ? t('surveys.countMore', { count }) : t('surveys.count', { count }))}
        itemKey={(s) => s.surveyId}
        renderItem={(survey) => <SurveyRow survey={survey} />}
        label={t('surveys.listLabel')}
        estimateSize={ROW_ESTIMATE}
        overscan={8}
        testId="survey-list"
      />
    </Stack>
  );
}

/** One survey: its title, kind, who it goes to, answers so far and when it was made; a link to its page. */
const SurveyRow = memo(function SurveyRow({ survey }: { survey: Survey }) {
  const { t } = useTranslation('admin');
  return (
    <RowLink to={to(paths.survey, { surveyId: survey.surveyId })} title={survey.title}>
      <RowBadge variant="light">{t(`surveys.types.${survey.type}`)}</RowBadge>
      <span className="tend-row-meta">
        {survey.organisations.length === 0
          ? t('surveys.notOffered')
          : t('surveys.offeredTo', { count: survey.organisations.length })}{' '}
        · {t('surveys.responses', { count: survey.responseCount ?? 0 })} ·{' '}
        {t('surveys.created', { date: formatDate(survey.createdAt) })}
      </span>
    </RowLink>
  );
});
