import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useOfferedSurveys } from '@tend/domain/surveys';
import { formatDate } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { PageLoader, SafeText } from '@tend/ui';
import { paths, to } from '../../paths.ts';
import { LoadFailed } from '../../components/Loaded.tsx';

/** /surveys: the surveys the patient's organisation offers them, not yet answered first. */
export function SurveysPage() {
  const { t } = useTranslation('patient');
  const offered = useOfferedSurveys();
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{t('surveys.title')}</Title>
      <Text>{t('surveys.intro')}</Text>
      {offered.surveys === undefined && offered.error ? (
        <LoadFailed query={offered} failed={t('surveys.loadFailed')} />
      ) : offered.surveys === undefined ? (
        <PageLoader label={t('surveys.loading')} />
      ) : offered.surveys.length === 0 ? (
        <Text c="dimmed">{t('surveys.empty')}</Text>
      ) : (
        <Stack
          component="ul"
          gap="sm"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('surveys.listLabel')}
        >
          {offered.surveys.map((s) => (
            <Card component="li" key={s.surveyId} withBorder padding="md">
              <Stack gap="xs">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Title order={2} size="h4">
                    <SafeText component="span" inherit>
                      {s.config.title}
                    </SafeText>
                  </Title>
                  <Badge variant="light">{t(`surveys.types.${s.type}`)}</Badge>
                </Group>
                {s.config.description ? (
                  <SafeText component="p" size="sm" m={0} style={{ whiteSpace: 'pre-line' }}>
                    {s.config.description}
                  </SafeText>
                ) : null}
                <Text size="sm" c="dimmed">
                  {t('surveys.questions', { count: s.config.questions.length })} ·{' '}
                  {s.completedAt
                    ? t('surveys.answeredOn', { date: formatDate(s.completedAt) })
                    : t('surveys.notAnswered')}
                </Text>
                <Group>
                  <Button
                    component={Link}
                    to={to(paths.survey, { surveyId: s.surveyId })}
                    variant={s.completedAt ? 'default' : 'filled'}
                  >
                    {s.completedAt
                      ? t('surveys.answerAgain', { title: s.config.title })
                      : t('surveys.answer', { title: s.config.title })}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
