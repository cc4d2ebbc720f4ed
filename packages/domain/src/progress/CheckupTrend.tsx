import { Stack, Table, Text, Title } from '@mantine/core';
import type { GraphPoint, GraphSeries } from '@tend/api/model';
import { formatDate } from '@tend/core/time';
import { TrendWithTable } from './TrendChart.tsx';
import { useProgressWords } from './words.ts';

/** What the daily check-up records, each 1 to 5 (mood 1 very low … 5 very good; anxiety 1 very calm … 5 very high). */
export const CHECKUP_MEASURES = ['mood', 'sleep', 'energy', 'anxiety'] as const;
export type CheckupMeasure = (typeof CHECKUP_MEASURES)[number];

/**
 * One check-up measure over time: a line chart, and beneath it the same numbers as a table (what a screen
 * reader reads; the chart itself is hidden from assistive technology).
 */
export function CheckupTrend({
  measure,
  points,
  timeZone,
  height = 220,
}: {
  measure: CheckupMeasure;
  points: readonly GraphPoint[];
  timeZone?: string;
  height?: number;
}) {
  const { td } = useProgressWords();
  const rows = [...points].sort((a, b) => a.t - b.t);
  if (rows.length === 0) return <Text c="dimmed">{td(`progress.${measure}.empty`)}</Text>;
  const name = td(`progress.${measure}.series`);
  return (
    <TrendWithTable
      chart={{ rows, name, height, timeZone, yAxisProps: { domain: [1, 5], ticks: [1, 2, 3, 4, 5] } }}
      tableMinWidth={280}
      caption={td(`progress.${measure}.caption`)}
      headers={[td('progress.mood.date'), td(`progress.${measure}.value`)]}
    >
      {rows.map((r) => (
        <Table.Tr key={r.t}>
          <Table.Th scope="row" fw="normal">
            {formatDate(r.t, timeZone)}
          </Table.Th>
          <Table.Td>{td('progress.mood.scale', { value: Math.round(r.value * 10) / 10 })}</Table.Td>
        </Table.Tr>
      ))}
    </TrendWithTable>
  );
}

/**
 * Every check-up measure over time, each a titled region with its chart and table: the patient's Progress
 * and the therapist's Measures tab show the same.
 */
export function CheckupMeasures({
  series,
  timeZone,
  level = 2,
}: {
  series: Pick<GraphSeries, CheckupMeasure>;
  timeZone?: string;
  level?: 2 | 3;
}) {
  const { td } = useProgressWords();
  return (
    <Stack gap="lg">
      {CHECKUP_MEASURES.map((measure) => (
        <Stack key={measure} gap="xs" component="section" aria-labelledby={`checkup-${measure}`}>
          <Title order={level} size="h4" id={`checkup-${measure}`}>
            {td(`progress.${measure}.title`)}
          </Title>
          <CheckupTrend measure={measure} points={series[measure]} timeZone={timeZone} />
        </Stack>
      ))}
    </Stack>
  );
}
