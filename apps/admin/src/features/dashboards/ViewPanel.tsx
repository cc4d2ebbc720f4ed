import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ProblemAlert, toProblem } from '@tend/core';
import { useDashboardData } from '@tend/domain/dashboards';
import { formatDate, formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { ChartPanel } from './ChartPanel.tsx';
import { useDashboardWords } from './words.ts';
import { LoadingLine } from '../../components/LoadingLine.tsx';

/** A view's figures for one organisation: key figures, then each chart with its table (loading, error, empty). */
export function ViewPanel({ viewId, organisationId }: { viewId: string; organisationId?: string }) {
  const { t } = useTranslation('admin');
  const words = useDashboardWords();
  const query = useDashboardData(viewId, organisationId);
  if (query.isPending) {
    return <LoadingLine label={t('dashboards.loading')} />;
  }
  if (query.error)
    return <ProblemAlert problem={toProblem(query.error)} onRetry={() => void query.refetch()} />;
  const data = query.data.data;
  const day = (d: string) => formatDate(`${d}T00:00:00Z`, 'UTC');
  const nothing =
    data.charts.every((c) => c.rows.every((r) => r.values.every((v) => v === 0))) &&
    data.figures.every((f) => f.value === 0);
  return (
    <Stack gap="lg" aria-busy={query.isFetching}>
      <Text size="sm" c="dimmed">
        {t('dashboards.period', {
          from: day(data.from),
          to: day(data.to),
          at: formatDateTime(data.generatedAt),
        })}
      </Text>
      {query.isFetching ? (
        <Text size="sm" role="status">
          {t('dashboards.refreshing')}
        </Text>
      ) : null}
      {nothing ? <Text>{t('dashboards.noFigures')}</Text> : null}
      {data.figures.length > 0 ? (
        <section aria-labelledby="figures-title">
          <Title order={2} size="h3" id="figures-title" mb="sm">
            {t('dashboards.figuresTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} component="dl" m={0} data-testid="figures">
            {data.figures.map((f) => (
              <Paper key={f.key} withBorder p="md">
                <Text component="dt" size="sm" c="dimmed">
                  {words.figureName(f.key, f.name)}
                </Text>
                <Text component="dd" m={0} fz="xl" fw={600}>
                  {f.value}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </section>
      ) : null}
      {viewId === 'screening' ? <Text size="sm">{t('dashboards.outcomesNote')}</Text> : null}
      {data.charts.map((chart) => (
        <ChartPanel
          key={chart.chartId}
          viewId={viewId}
          chart={chart}
          organisationName={data.organisationName}
          day={data.to}
        />
      ))}
    </Stack>
  );
}
