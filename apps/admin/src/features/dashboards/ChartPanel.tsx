import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import type { DashboardChart } from '@tend/api/model';
import { chartPoints, chartTable, csvFileName, toCsv } from '@tend/domain/dashboards';
import { useTranslation } from '@tend/i18n';
import { downloadFile } from '@tend/ui';
import { useDashboardWords } from './words.ts';

const COLOURS = ['tend.7', 'orange.8', 'grape.7', 'cyan.8'];

export interface ChartPanelProps {
  viewId: string;
  chart: DashboardChart;
  organisationName: string;
  /** The last day of the period (YYYY-MM-DD), for the file name. */
  day: string;
}

/**
 * One chart of a view: the chart (hidden from assistive technology: the table says the same), the table of
 * exactly what it draws, and that table as a CSV download. Values are written on the bars and points, so the
 * chart can be read without hovering.
 */
export function ChartPanel({ viewId, chart, organisationName, day }: ChartPanelProps) {
  const { t } = useTranslation('admin');
  const words = useDashboardWords();
  const titleId = useId();
  const title = words.chartTitle(chart);
  const table = chartTable(chart, words.xTitle(chart.x), words.seriesName, (label) =>
    words.rowLabel(chart.x, label),
  );
  const data = chartPoints(chart).map((p) => ({ ...p, label: words.rowLabel(chart.x, p.label) }));
  const series = chart.series.map((s, i) => ({
    name: s.key,
    label: words.seriesName(s.key, s.name),
    color: COLOURS[i % COLOURS.length]!,
  }));
  const allZero = chart.rows.every((r) => r.values.every((v) => v === 0));
  const download = () =>
    downloadFile(
      new Blob([`\uFEFF${toCsv(table.header, table.rows)}`], { type: 'text/csv;charset=utf-8' }),
      csvFileName(viewId, chart.chartId, organisationName, day),
    );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId} data-chart={chart.chartId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={3} size="h4" id={titleId}>
            {title}
          </Title>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden="true" />}
            onClick={download}
            aria-label={t('dashboards.downloadName', { title })}
          >
            {t('dashboards.download')}
          </Button>
        </Group>
        {allZero ? <Text c="dimmed">{t('dashboards.empty')}</Text> : null}
        {/* Hidden from assistive technology and out of the tab order (no keyboard layer): the table says the same. */}
        <div aria-hidden="true" data-testid="chart">
          {chart.kind === 'line' ? (
            <LineChart
              h={240}
              data={data}
              dataKey="label"
              series={series}
              curveType="linear"
              withLegend
              withPointLabels
              withTooltip={false}
              lineChartProps={{ accessibilityLayer: false }}
              lineProps={{ isAnimationActive: false }}
            />
          ) : (
            <BarChart
              h={240}
              data={data}
              dataKey="label"
              series={series}
              withLegend
              withBarValueLabel
              valueFormatter={(value: number) => String(value)}
              withTooltip={false}
              barChartProps={{ accessibilityLayer: false }}
              barProps={{ isAnimationActive: false }}
            />
          )}
        </div>
        <Table.ScrollContainer minWidth={360}>
          <Table striped withTableBorder data-testid="chart-table">
            <Table.Caption>{title}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {table.header.map((h) => (
                  <Table.Th key={h} scope="col">
                    {h}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.rows.map(([label, ...values], i) => (
                <Table.Tr key={chart.rows[i]!.label}>
                  <Table.Th scope="row">{label}</Table.Th>
                  {values.map((v, j) => (
                    <Table.Td key={chart.series[j]!.key}>{v}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
