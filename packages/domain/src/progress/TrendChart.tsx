import '@mantine/charts/styles.css';
import { LineChart, type LineChartProps } from '@mantine/charts';
import { Stack, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate } from '@tend/core/time';
import { TableColumnHeads } from '@tend/ui';

export type TrendChartProps = {
  rows: readonly { t: number; value: number }[];
  /** The line's name (the series). */
  name: string;
  height: number;
  timeZone?: string;
} & Pick<LineChartProps, 'yAxisProps' | 'referenceLines' | 'referenceDots'>;

/**
 * Values over time as one line, dated on the time axis: the check-up measures' and the questionnaires' charts.
 * For the eye only: the table beside it says the same to everyone (inert: its surface is focusable).
 */
export function TrendChart({ rows, name, height, timeZone, ...lineProps }: TrendChartProps) {
  return (
    <div aria-hidden="true" inert>
      <LineChart
        h={height}
        data={rows.map((r) => ({ t: r.t, [name]: r.value }))}
        dataKey="t"
        series={[{ name, color: 'tend.6' }]}
        curveType="linear"
        xAxisProps={{
          type: 'number',
          scale: 'time',
          domain: ['dataMin', 'dataMax'],
          tickFormatter: (t: number) => formatDate(t, timeZone),
        }}
        withTooltip={false}
        {...lineProps}
      />
    </div>
  );
}

/**
 * A trend for the eye and for the screen reader alike: the chart, and beneath it the same values as a captioned
 * table (`children`: its rows, one a point). The check-up measures and the questionnaires show their results so.
 */
export function TrendWithTable({
  chart,
  tableMinWidth,
  caption,
  headers,
  children,
}: {
  chart: TrendChartProps;
  /** Below this width (px) the table scrolls sideways. */
  tableMinWidth: number;
  caption: ReactNode;
  headers: readonly ReactNode[];
  children: ReactNode;
}) {
  return (
    <Stack gap="sm">
      <TrendChart {...chart} />
      <Table.ScrollContainer minWidth={tableMinWidth}>
        <Table striped withTableBorder>
          <Table.Caption>{caption}</Table.Caption>
          <TableColumnHeads headers={headers} />
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
