// The dashboards' periods: the last 12 ISO weeks (UTC Mondays), the screening window, and weekly rows.
import type { DashboardChart } from './views/types.ts';

export const DAY = 86_400_000;
export const WEEKS = 12;
export const SCREENING_DAYS = 90;
export const startOfUtcDay = (d: Date) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
/** Monday of the ISO week of d (UTC). */
export const mondayOf = (d: Date) => new Date(startOfUtcDay(d).getTime() - ((d.getUTCDay() + 6) % 7) * DAY);
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The last 12 ISO weeks (UTC Mondays), oldest first, and the period they cover. */
export function weeksOf(now: Date): { weeks: string[]; from: Date; to: Date } {
  const from = new Date(mondayOf(now).getTime() - (WEEKS - 1) * 7 * DAY);
  const weeks = Array.from({ length: WEEKS }, (_, i) => isoDay(new Date(from.getTime() + i * 7 * DAY)));
  return { weeks, from, to: new Date(startOfUtcDay(now).getTime() + DAY) };
}

/** One row per week, a value per series (0 where a series has none). */
export const weekly = (weeks: string[], series: Array<Map<string, number>>) =>
  weeks.map((label) => ({ label, values: series.map((s) => s.get(label) ?? 0) }));

/** A chart by week of the views: each series its key, its name and its count per week. */
export function weeklyChart(
  chart: Pick<DashboardChart, 'chartId' | 'title' | 'kind'>,
  weeks: string[],
  series: Array<[key: string, name: string, perWeek: Map<string, number>]>,
): DashboardChart {
  return {
    ...chart,
    x: 'week',
    series: series.map(([key, name]) => ({ key, name })),
    rows: weekly(
      weeks,
      series.map(([, , perWeek]) => perWeek),
    ),
  };
}

/** Adds n to the count of a week (the organisations' rows of one week add up). */
export const addTo = (perWeek: Map<string, number>, week: string, n: number) =>
  perWeek.set(week, (perWeek.get(week) ?? 0) + n);
