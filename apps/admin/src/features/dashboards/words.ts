import { useMemo } from 'react';
import type { DashboardChart } from '@tend/api/model';
import { formatDate } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';

/**
 * The dashboards' words for what the server names (views, charts, series, figures, bands, measures): the
 * translation when the key is known (locales/en.json), else the server's own English name, so a view or
 * chart added on the server shows before it is translated. A week's label (the Monday, a calendar day) is
 * written as a date in the reader's language, never moved across timezones.
 */
export function useDashboardWords() {
  const { t, i18n } = useTranslation('admin');
  return useMemo(() => {
    const known = (key: string, fallback: string) => {
      const full = `dashboards.${key}`;
      return i18n.exists(full, { ns: 'admin' }) ? (t as unknown as (k: string) => string)(full) : fallback;
    };
    return {
      viewName: (viewId: string, fallback: string) => known(`views.${viewId}.name`, fallback),
      viewDescription: (viewId: string, fallback: string) => known(`views.${viewId}.description`, fallback),
      chartTitle: (chart: DashboardChart) => known(`charts.${chart.chartId}`, chart.title),
      seriesName: (key: string, fallback: string) => known(`series.${key}`, fallback),
      figureName: (key: string, fallback: string) => known(`figures.${key}`, fallback),
      xTitle: (x: DashboardChart['x']) => known(`x.${x}`, x),
      rowLabel: (x: DashboardChart['x'], label: string) => {
        if (x === 'week')
          return /^\d{4}-\d{2}-\d{2}$/.test(label) ? formatDate(`${label}T00:00:00Z`, 'UTC') : label;
        return known(`${x === 'band' ? 'bands' : 'measures'}.${label}`, label);
      },
    };
  }, [t, i18n]);
}
