// @tend/domain/dashboards: the admin console's dashboards. The views (listDashboardViews) and a view's figures
// for one organisation and its descendants (getDashboardEmbedData's `data`: figures and charts, each chart with
// the rows it draws), and the pure model that turns a chart into what a chart library draws, its table and
// its CSV (./model.ts).
import { useGetDashboardEmbedData, useListDashboardViews } from '@tend/api';

export * from './model.ts';

/** The dashboard views the administrator may open (a fixed list; kept for the session). */
export function useDashboardViews() {
  return useListDashboardViews({ query: { staleTime: Infinity } });
}

/**
 * A view's figures for the organisation (the administrator's first when none is named). Asked again after a
 * minute when the view is shown again; never while no view is chosen.
 */
export function useDashboardData(viewId: string | undefined, organisationId?: string) {
  return useGetDashboardEmbedData(viewId ?? '', organisationId ? { organisationId } : undefined, {
    query: { enabled: Boolean(viewId), staleTime: 60_000 },
  });
}
