import { Badge, Table, Text } from '@mantine/core';
import { formatDateTime } from '@tend/core/time';
import { TrendWithTable } from '../progress/TrendChart.tsx';
import { SCREENINGS, type ScreeningType } from './model.ts';
import { trendRows, type TrendPoint } from './trend.ts';
import { useScreeningWords } from './words.ts';

export interface ScreeningTrendProps {
  type: ScreeningType;
  points: readonly TrendPoint[];
  timeZone?: string;
  /** Shown when there are no results in the range. */
  empty?: string;
  height?: number;
}

/**
 * PHQ-9 or GAD-7 totals over time: a line chart with the clinical threshold (caseness) line and the results
 * that changed reliably marked, and beneath it the same numbers as a table (what a screen reader reads; the
 * chart itself is hidden from assistive technology).
 */
export function ScreeningTrend({ type, points, timeZone, empty, height = 240 }: ScreeningTrendProps) {
  const { td } = useScreeningWords();
  const def = SCREENINGS[type];
  const rows = trendRows(type, points);
  const name = td(`screening.names.${type}`);
  if (rows.length === 0) return <Text c="dimmed">{empty}</Text>;
  const changeText = (row: (typeof rows)[number]) =>
    row.change
      ? td(`screening.change.${row.change.kind}`, {
          delta: row.change.delta,
          count: Math.abs(row.change.delta),
        })
      : '—';
  return (
    <TrendWithTable
      chart={{
        rows,
        name,
        height,
        timeZone,
        yAxisProps: { domain: [0, def.maxTotal] },
        referenceLines: [
          {
            y: def.caseness,
            label: td('screening.caseness.line', { value: def.caseness }),
            color: 'orange.7',
          },
        ],
        referenceDots: rows
          .filter((r) => r.change && r.change.kind !== 'no-reliable-change')
          .map((r) => ({
            x: r.t,
            y: r.value,
            r: 7,
            color: r.change!.kind === 'reliable-improvement' ? 'teal.7' : 'red.7',
          })),
      }}
      tableMinWidth={480}
      caption={td('screening.table.caption', { name })}
      headers={[
        td('screening.table.date'),
        td('screening.table.score'),
        td('screening.table.band'),
        td('screening.table.threshold'),
        td('screening.table.change'),
      ]}
    >
      {rows.map((r) => (
        <Table.Tr key={r.t}>
          <Table.Td>{formatDateTime(r.t, timeZone)}</Table.Td>
          <Table.Td>{td('screening.score', { total: r.value, max: def.maxTotal })}</Table.Td>
          <Table.Td>
            <Badge variant="light" color={r.aboveCaseness ? 'orange' : 'teal'}>
              {td(`screening.bands.${r.severity}`)}
            </Badge>
          </Table.Td>
          <Table.Td>{td(r.aboveCaseness ? 'screening.caseness.above' : 'screening.caseness.below')}</Table.Td>
          <Table.Td>
            {changeText(r)}
            {r.change?.reliableRecovery ? ` · ${td('screening.change.recovery')}` : ''}
          </Table.Td>
        </Table.Tr>
      ))}
    </TrendWithTable>
  );
}
