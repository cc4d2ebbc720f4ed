import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Stack, Table, Text } from '@mantine/core';
import type { GraphPoint } from '@tend/api/model';
import { formatDate } from '@tend/core/time';
import { useProgressWords } from './words.ts';

/**
 * Daily check-up mood (1 very low … 5 very good) over time: a line chart, and beneath it the same numbers as
 * a table (what a screen reader reads; the chart itself is hidden from assistive technology).
 */
export function MoodTrend({
  points,
  timeZone,
  height = 220,
}: {
  points: readonly GraphPoint[];
  timeZone?: string;
  height?: number;
}) {
  const { td } = useProgressWords();
  const rows = [...points].sort((a, b) => a.t - b.t);
  if (rows.length === 0) return <Text c="dimmed">{td('progress.mood.empty')}</Text>;
  const name = td('progress.mood.series');
  return (
    <Stack gap="sm">
      {/* The table below says the same to everyone; the chart is for the eye only (inert: its surface is focusable). */}
      <div aria-hidden="true" inert>
        <LineChart
          h={height}
          data={rows.map((r) => ({ t: r.t, [name]: r.value }))}
          dataKey="t"
          series={[{ name, color: 'tend.6' }]}
          curveType="linear"
          yAxisProps={{ domain: [1, 5], ticks: [1, 2, 3, 4, 5] }}
          xAxisProps={{
            type: 'number',
            scale: 'time',
            domain: ['dataMin', 'dataMax'],
            tickFormatter: (t: number) => formatDate(t, timeZone),
          }}
          withTooltip={false}
        />
      </div>
      <Table.ScrollContainer minWidth={320}>
        <Table striped withTableBorder>
          <Table.Caption>{td('progress.mood.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{td('progress.mood.date')}</Table.Th>
              <Table.Th scope="col">{td('progress.mood.value')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.t}>
                <Table.Th scope="row" fw="normal">
                  {formatDate(r.t, timeZone)}
                </Table.Th>
                <Table.Td>{td('progress.mood.scale', { value: Math.round(r.value * 10) / 10 })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
