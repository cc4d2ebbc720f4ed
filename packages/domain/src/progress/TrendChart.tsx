import '@mantine/charts/styles.css';
import { LineChart, type LineChartProps } from '@mantine/charts';
import { formatDate } from '@tend/core/time';

/**
 * Values over time as one line, dated on the time axis: the check-up measures' and the questionnaires' charts.
 * For the eye only: the table beside it says the same to everyone (inert: its surface is focusable).
 */
export function TrendChart({
  rows,
  name,
  height,
  timeZone,
  ...lineProps
}: {
  rows: readonly { t: number; value: number }[];
  /** The line's name (the series). */
  name: string;
  height: number;
  timeZone?: string;
} & Pick<LineChartProps, 'yAxisProps' | 'referenceLines' | 'referenceDots'>) {
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
