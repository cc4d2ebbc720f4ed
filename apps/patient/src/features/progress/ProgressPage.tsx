import { Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { ProblemAlert, toProblem } from '@tend/core';
import { CheckupMeasures, useMyGraph } from '@tend/domain/progress';
import { ScreeningTrend, SCREENINGS, useScreeningWords } from '@tend/domain/screening';
import { addDays, formatDate, startOfDay } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { CardSection } from '../../components/Section.tsx';

const RANGES = ['7', '30', '90', '365', 'all'] as const;
type Range = (typeof RANGES)[number];

/**
 * Progress over a chosen period: PHQ-9 and GAD-7 totals with the clinical threshold (PHQ-9 10, GAD-7 8) and
 * reliable changes (6 and 4 points) marked, and every check-up measure (mood, sleep, energy, anxiety); every
 * chart with its table. Periods: a week, a month, 3 months, a year, or everything.
 */
export function ProgressPage() {
  const { t } = useTranslation('patient');
  const { td } = useScreeningWords();
  const [range, setRange] = useState<Range>('90');
  const { from, to } = useMemo(() => {
    const end = addDays(startOfDay(Date.now()), 1);
    return { from: range === 'all' ? 0 : addDays(end, -Number(range)), to: end };
  }, [range]);
  const graph = useMyGraph(from, to);
  const series = graph.data?.series;
  return (
    <Stack gap="md" maw={960}>
      <Title order={1}>{t('progress.title')}</Title>
      <Text>{t('progress.intro')}</Text>
      <Group>
        <Text size="sm" fw={500} id="progress-range">
          {t('progress.range')}
        </Text>
        <SegmentedControl
          aria-labelledby="progress-range"
          value={range}
          onChange={(v) => setRange(v as Range)}
          data={RANGES.map((r) => ({ value: r, label: t(`progress.ranges.${r}`) }))}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {range === 'all'
          ? t('progress.periodAll', { to: formatDate(to - 1) })
          : t('progress.period', { from: formatDate(from), to: formatDate(to - 1) })}
      </Text>
      {graph.isPending ? <Loader role="progressbar" aria-label={t('ui.loading')} /> : null}
      {graph.error ? (
        <ProblemAlert problem={toProblem(graph.error)} onRetry={() => void graph.refetch()} />
      ) : null}
      {series ? (
        <>
          {(['phq9', 'gad7'] as const).map((type) => (
            <CardSection key={type} id={`progress-${type}`} title={td(`screening.names.${type}`)}>
              <Text size="sm">
                {t(`progress.explain.${type}`, {
                  caseness: SCREENINGS[type].caseness,
                  change: SCREENINGS[type].reliableChange,
                })}
              </Text>
              <ScreeningTrend type={type} points={series[type]} empty={t('progress.noScreening')} />
            </CardSection>
          ))}
          <CardSection id="progress-checkup" title={t('progress.checkup')}>
            <Text size="sm">{t('progress.checkupIntro')}</Text>
            <CheckupMeasures series={series} level={3} />
          </CardSection>
        </>
      ) : null}
    </Stack>
  );
}
