// The pure side of the admin dashboards: a chart of getDashboardEmbedData's `data` as the rows a chart
// library draws, and the CSV of exactly those rows (what the chart and its table show).
import type { DashboardChart } from '@tend/api/model';

/** One object per x value, `label` plus one number per series key (the shape @mantine/charts draws). */
export type ChartPoint = { label: string } & Record<string, number | string>;

export function chartPoints(chart: DashboardChart): ChartPoint[] {
  return chart.rows.map((row) => {
    const point: ChartPoint = { label: row.label };
    chart.series.forEach((s, i) => {
      point[s.key] = row.values[i] ?? 0;
    });
    return point;
  });
}

/**
 * A CSV cell (RFC 4180): quoted when it holds a comma, quote or line break; a text starting with = + - @ or a
 * tab is prefixed with ' so a spreadsheet never runs it as a formula. Numbers are written as they are.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The CSV of a table: header then rows, CRLF line ends. */
export function toCsv(
  header: ReadonlyArray<string>,
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export interface ChartTable {
  header: string[];
  rows: Array<[string, ...number[]]>;
}

/**
 * The table of a chart as shown (and downloaded): the x column's title, each series' shown name, each row's
 * shown label (`labelOf`: a week's date in the reader's words, a band's name …) and its values.
 */
export function chartTable(
  chart: DashboardChart,
  xTitle: string,
  seriesName: (key: string, name: string) => string,
  labelOf: (label: string) => string,
): ChartTable {
  return {
    header: [xTitle, ...chart.series.map((s) => seriesName(s.key, s.name))],
    rows: chart.rows.map((r) => [labelOf(r.label), ...chart.series.map((_, i) => r.values[i] ?? 0)]),
  };
}

/** A file name for a chart's CSV: tend-<view>-<chart>-<organisation>-<date>.csv, safe characters only. */
export function csvFileName(viewId: string, chartId: string, organisationName: string, day: string): string {
  const slug = (s: string) =>
    s
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40);
  return `tend-${[viewId, chartId, organisationName, day].map(slug).filter(Boolean).join('-')}.csv`;
}
